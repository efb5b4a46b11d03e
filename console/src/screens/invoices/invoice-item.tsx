import type { Schemas } from '../../../../clients/typescript';
import { useI18n } from '../../i18n/i18n';
import { HolderName, Money } from '../../ui/money';
import { Time } from '../../ui/time';

export type Invoice = Schemas['InvoiceJson'];

/** An invoice or a fine: how much, why, from whom to which character, and where it stands. */
export function InvoiceItem({ invoice, billed }: { invoice: Invoice; billed?: string }) {
  const { t } = useI18n();
  return (
    <li className="row" data-row tabIndex={-1}>
      <p className="row-title">
        <Money amount={invoice.amount} /> · {invoice.reason}{' '}
        <span className="badge">{t(`invoices.kind.${invoice.kind}`)}</span> <span className={`badge invoice-${invoice.status}`}>{t(`invoices.status.${invoice.status}`)}</span>
        {invoice.overdue && (
          <>
            {' '}
            <span className="badge invoice-overdue">{t('invoices.overdue')}</span>
          </>
        )}
      </p>
      <p className="hint">
        {t('invoices.from')} <HolderName holder={invoice.from} /> · {t('invoices.to')} {billed ?? <span className="mono">{invoice.to.characterId}</span>} ·{' '}
        {t('invoices.issued')} <Time value={invoice.createdAt} />
        {invoice.dueAt && (
          <>
            {' · '}
            {t('invoices.due')} <Time value={invoice.dueAt} />
          </>
        )}
        {invoice.paidAt && (
          <>
            {' · '}
            {t('invoices.paid')} <Time value={invoice.paidAt} />
          </>
        )}
      </p>
    </li>
  );
}
