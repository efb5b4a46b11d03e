import { useState } from 'react';
import { api } from '../../api/client';
import { answer } from '../../api/problem';
import { useI18n } from '../../i18n/i18n';
import { ADMINISTRATORS } from '../../session/permissions';
import { ActionDialog } from '../../ui/action-dialog';
import { CreatedPanel, OnceSecret } from '../../ui/secret';

/** A new signing secret for a `standard` webhook, asked first: the old one stops signing at once. */
export function RotateSecretButton({ webhookId, rotated }: { webhookId: string; rotated(secret: string): void }) {
  const { t } = useI18n();
  const [asking, setAsking] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setAsking(true)}>
        {t('webhooks.rotate')}
      </button>
      {asking && (
        <ActionDialog
          title={t('webhooks.rotateTitle')}
          confirm={t('webhooks.rotateConfirm')}
          danger
          needs={ADMINISTRATORS}
          perform={() => answer(api.POST('/v1/webhooks/{webhookId}/rotate-secret', { params: { path: { webhookId } } }))}
          done={(answer) => {
            setAsking(false);
            rotated(answer.secret);
          }}
          onClose={() => setAsking(false)}
        >
          <p>{t('webhooks.rotateExplain')}</p>
        </ActionDialog>
      )}
    </>
  );
}

/** The new secret, shown this once. */
export function RotatedSecret({ secret }: { secret: string }) {
  const { t } = useI18n();
  return (
    <CreatedPanel title={t('webhooks.rotated')}>
      <OnceSecret label={t('webhooks.secret')} value={secret} />
    </CreatedPanel>
  );
}
