import { useState } from 'react';
import type { Schemas } from '../../../../clients/typescript';
import { api } from '../../api/client';
import { answer } from '../../api/problem';
import { useResource } from '../../api/resource';
import { useI18n } from '../../i18n/i18n';
import { ADMINISTRATORS, permissionNames } from '../../session/permissions';
import { ActionDialog } from '../../ui/action-dialog';
import { Page } from '../../ui/page';
import { CreatedPanel, OnceSecret } from '../../ui/secret';
import { Empty, Loading, Notice, ProblemMessage } from '../../ui/states';
import { Time } from '../../ui/time';
import { ServiceKeyForm } from './service-key-form';

type ServiceKey = Schemas['ServiceKeyJson'];

/** Keys game servers call the API with: made here, shown once, revoked here. */
export function ServiceKeysPage() {
  const { t } = useI18n();
  const keys = useResource((signal) => answer(api.GET('/v1/service-keys', { signal })), []);
  const [created, setCreated] = useState<Schemas['CreatedServiceKeyJson'] | undefined>();
  const [revoking, setRevoking] = useState<ServiceKey | undefined>();
  const [revoked, setRevoked] = useState<string | undefined>();
  const add = (key: Schemas['CreatedServiceKeyJson']) => {
    setCreated(key);
    const { key: _secret, ...listed } = key;
    keys.update((data) => ({ serviceKeys: [listed, ...data.serviceKeys] }));
  };
  const remove = (key: ServiceKey) => {
    setRevoking(undefined);
    setRevoked(key.name);
    if (created?.keyId === key.keyId) setCreated(undefined);
    keys.update((data) => ({ serviceKeys: data.serviceKeys.filter((one) => one.keyId !== key.keyId) }));
  };
  return (
    <Page title={t('serviceKeys.title')} intro={t('serviceKeys.intro')}>
      <section aria-labelledby="new-key">
        <h2 id="new-key">{t('serviceKeys.new')}</h2>
        <ServiceKeyForm created={add} />
        {created && (
          <CreatedPanel key={created.keyId} title={t('serviceKeys.created', { name: created.name })}>
            <OnceSecret label={t('serviceKeys.key')} value={created.key} />
          </CreatedPanel>
        )}
      </section>
      <section aria-labelledby="key-list">
        <h2 id="key-list">{t('serviceKeys.list')}</h2>
        {revoked && <Notice>{t('serviceKeys.revoked', { name: revoked })}</Notice>}
        {keys.status === 'loading' && <Loading />}
        {keys.status === 'failed' && <ProblemMessage problem={keys.problem} retry={keys.reload} needs={ADMINISTRATORS} />}
        {keys.status === 'ready' &&
          (keys.data.serviceKeys.length === 0 ? (
            <Empty>{t('serviceKeys.none')}</Empty>
          ) : (
            <ul className="rows">
              {keys.data.serviceKeys.map((key) => (
                <KeyRow key={key.keyId} serviceKey={key} revoke={() => setRevoking(key)} />
              ))}
            </ul>
          ))}
      </section>
      {revoking && (
        <ActionDialog
          title={t('serviceKeys.revokeTitle', { name: revoking.name })}
          confirm={t('serviceKeys.revoke')}
          danger
          needs={ADMINISTRATORS}
          perform={() => answer(api.DELETE('/v1/service-keys/{keyId}', { params: { path: { keyId: revoking.keyId } } }))}
          done={() => remove(revoking)}
          onClose={() => setRevoking(undefined)}
        >
          <p>{t('serviceKeys.revokeExplain')}</p>
        </ActionDialog>
      )}
    </Page>
  );
}

function KeyRow({ serviceKey, revoke }: { serviceKey: ServiceKey; revoke(): void }) {
  const { t, all } = useI18n();
  const names = permissionNames(Number(serviceKey.permissions));
  return (
    <li className="row">
      <p className="row-title">{serviceKey.name}</p>
      <p className="hint">
        {names.length ? all(names.map((name) => t(`permission.${name}`))) : t('permission.none')} · {t('serviceKeys.createdAt')}{' '}
        <Time value={serviceKey.createdAt} /> ·{' '}
        {serviceKey.lastUsedAt ? (
          <>
            {t('serviceKeys.lastUsed')} <Time value={serviceKey.lastUsedAt} />
          </>
        ) : (
          t('serviceKeys.neverUsed')
        )}
      </p>
      <button type="button" className="danger" onClick={revoke}>
        {t('serviceKeys.revoke')}
      </button>
    </li>
  );
}
