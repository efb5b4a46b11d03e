import { type FormEvent, useId, useState } from 'react';
import type { Schemas } from '../../../../clients/typescript';
import { api } from '../../api/client';
import { useAction } from '../../api/action';
import { answer } from '../../api/problem';
import { useI18n } from '../../i18n/i18n';
import { ADMINISTRATORS, Permission, permissionNames } from '../../session/permissions';
import { useMe } from '../../session/session';
import { FormEnd } from '../../ui/form-end';

/** A key for a game server: a name, and bits among the ones the maker holds (the API allows no others). */
export function ServiceKeyForm({ created }: { created(key: Schemas['CreatedServiceKeyJson']): void }) {
  const { t } = useI18n();
  const me = useMe();
  const [name, setName] = useState('');
  const [bits, setBits] = useState(0);
  const nameId = useId();
  const create = useAction(() => answer(api.POST('/v1/service-keys', { body: { name: name.trim(), permissions: String(bits) } })));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const key = await create.run();
    if (!key) return;
    setName('');
    setBits(0);
    created(key);
  };
  return (
    <form onSubmit={submit} className="panel">
      <div className="field">
        <label htmlFor={nameId}>{t('serviceKeys.name')}</label>
        <input id={nameId} required maxLength={64} value={name} onChange={(event) => setName(event.target.value)} />
      </div>
      <fieldset className="checks">
        <legend>{t('serviceKeys.permissions')}</legend>
        {permissionNames(me.permissions).map((permission) => (
          <label key={permission} className="check">
            <input type="checkbox" checked={(bits & Permission[permission]) !== 0} onChange={() => setBits(bits ^ Permission[permission])} />
            {t(`permission.${permission}`)}
          </label>
        ))}
      </fieldset>
      <FormEnd action={create} submit={t('serviceKeys.create')} needs={ADMINISTRATORS} />
    </form>
  );
}
