import { useState } from 'react';
import type { Schemas } from '../../../../clients/typescript';
import { api } from '../../api/client';
import { answer } from '../../api/problem';
import { useI18n } from '../../i18n/i18n';
import { SANCTION_ISSUERS } from '../../session/permissions';
import { useSession } from '../../session/session';
import { ActionDialog } from '../../ui/action-dialog';
import { SanctionBadge } from '../../ui/badges';
import { Empty, Notice } from '../../ui/states';
import { Time } from '../../ui/time';
import { PersonLink } from './person-link';
import { SanctionDialog } from './sanction-dialog';
import { isActive } from './sanction-rules';

type Sanction = Schemas['SanctionJson'];

/** Every sanction of the user, active ones first to the eye; moderators issue and revoke them here. */
export function SanctionsSection({ userId, name, sanctions, changed }: { userId: string; name: string; sanctions: Sanction[]; changed(sanction: Sanction): void }) {
  const { t } = useI18n();
  const { may } = useSession();
  const [issuing, setIssuing] = useState(false);
  const [revoking, setRevoking] = useState<Sanction | undefined>();
  const [notice, setNotice] = useState<string | undefined>();
  const done = (sanction: Sanction, message: string) => {
    changed(sanction);
    setNotice(message);
    setIssuing(false);
    setRevoking(undefined);
  };
  return (
    <section aria-labelledby="sanctions">
      <h2 id="sanctions">{t('dossier.sanctions')}</h2>
      {notice && <Notice>{notice}</Notice>}
      {may(SANCTION_ISSUERS) && (
        <button type="button" className="danger" onClick={() => setIssuing(true)}>
          {t('sanction.issueOpen')}
        </button>
      )}
      {sanctions.length === 0 ? (
        <Empty>{t('dossier.noSanctions')}</Empty>
      ) : (
        <ul className="rows">
          {sanctions.map((sanction) => (
            <SanctionRow key={sanction.sanctionId} sanction={sanction} revoke={may(SANCTION_ISSUERS) ? () => setRevoking(sanction) : undefined} />
          ))}
        </ul>
      )}
      {issuing && (
        <SanctionDialog
          userId={userId}
          name={name}
          issued={(sanction) => done(sanction, t('sanction.issued', { type: t(`sanction.type.${sanction.type}`) }))}
          onClose={() => setIssuing(false)}
        />
      )}
      {revoking && (
        <ActionDialog
          title={t('sanction.revokeTitle', { type: t(`sanction.type.${revoking.type}`) })}
          confirm={t('sanction.revoke')}
          reason={{ label: t('sanction.revokeReason'), required: true }}
          needs={SANCTION_ISSUERS}
          forbidden="problem.forbidden.sanction"
          perform={(reason) => answer(api.POST('/v1/sanctions/{sanctionId}/revoke', { params: { path: { sanctionId: revoking.sanctionId } }, body: { reason } }))}
          done={(sanction) => done(sanction, t('sanction.revoked'))}
          onClose={() => setRevoking(undefined)}
        >
          <p>{revoking.reason}</p>
        </ActionDialog>
      )}
    </section>
  );
}

function SanctionRow({ sanction, revoke }: { sanction: Sanction; revoke?: () => void }) {
  const { t } = useI18n();
  const active = isActive(sanction);
  return (
    <li className={active ? 'row active' : 'row'}>
      <p className="row-title">
        <SanctionBadge type={sanction.type} /> {active ? t('sanction.active') : sanction.revokedAt ? t('sanction.wasRevoked') : t('sanction.expired')}
      </p>
      <p className="quote">{sanction.reason}</p>
      <p className="hint">
        {t('sanction.issuedBy')} <PersonLink userId={sanction.issuedBy} />, <Time value={sanction.createdAt} />.{' '}
        {sanction.expiresAt ? (
          <>
            {t(active ? 'sanction.endsAt' : sanction.revokedAt ? 'sanction.wouldEndAt' : 'sanction.endedAt')} <Time value={sanction.expiresAt} />.
          </>
        ) : (
          t('sanction.permanent')
        )}
      </p>
      {sanction.revokedAt && (
        <p className="hint">
          {t('sanction.revokedBy')} <PersonLink userId={sanction.revokedBy ?? ''} />, <Time value={sanction.revokedAt} />: {sanction.revokeReason}
        </p>
      )}
      {active && revoke && (
        <button type="button" onClick={revoke}>
          {t('sanction.revokeOpen')}
        </button>
      )}
    </li>
  );
}
