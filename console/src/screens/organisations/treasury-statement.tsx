import { api } from '../../api/client';
import { useCursorList } from '../../api/cursor-list';
import { answer } from '../../api/problem';
import { useI18n } from '../../i18n/i18n';
import { STAFF_READERS } from '../../session/permissions';
import { CursorRows } from '../../ui/cursor-rows';
import { HolderName, Money } from '../../ui/money';
import { Time } from '../../ui/time';

const PAGE_SIZE = 20;

/** The treasury's movements, newest first, for those who see the treasury (right `view_treasury`, or staff). */
export function TreasuryStatement({ organisationId }: { organisationId: string }) {
  const { t } = useI18n();
  const statement = useCursorList(
    (before, signal) =>
      answer(
        api.GET('/v1/organisations/{organisationId}/treasury/statement', { params: { path: { organisationId }, query: { before, limit: PAGE_SIZE } }, signal }),
      ).then((page) => ({ items: page.entries, next: page.nextBefore })),
    (entry) => entry.entryId,
    [organisationId],
  );
  return (
    <section aria-labelledby="statement">
      <h2 id="statement">{t('organisations.statement')}</h2>
      <CursorRows
        list={statement}
        empty={t('organisations.statement.none')}
        needs={STAFF_READERS}
        forbidden="organisations.forbidden.statement"
        row={(entry) => (
          <li key={entry.entryId} className="row" data-row tabIndex={-1}>
            <p className="row-title">
              <Money amount={entry.amount} signed /> · {t('organisations.statement.balanceAfter')} <Money amount={entry.balanceAfter} />
            </p>
            <p className="hint">
              <HolderName holder={entry.counterparty} /> · <Time value={entry.createdAt} />
              {entry.memo && ` · ${entry.memo}`}
            </p>
          </li>
        )}
      />
    </section>
  );
}
