import { type FormEvent, useId, useState } from 'react';
import { api } from '../../api/client';
import { useAction } from '../../api/action';
import { answer } from '../../api/problem';
import { useI18n } from '../../i18n/i18n';
import { useRouter } from '../../router/router';
import { ADMINISTRATORS } from '../../session/permissions';
import { FormEnd } from '../../ui/form-end';
import type { OrganisationType } from './acting';
import { type GradeDraft, GradesEditor, gradesOf } from './grades-editor';
import { TypeSelect } from './organisation-facts';

const FIRST_GRADES: GradeDraft[] = [
  { name: '', salary: '0', rights: [] },
  { name: '', salary: '0', rights: [] },
];

/** A new organisation with its grades and, if given, its first boss; then its page opens. */
export function CreateOrganisation({ id }: { id: string }) {
  const { t } = useI18n();
  const { navigate } = useRouter();
  const [name, setName] = useState('');
  const [type, setType] = useState<OrganisationType>('job');
  const [grades, setGrades] = useState(FIRST_GRADES);
  const [boss, setBoss] = useState('');
  const ids = { name: useId(), type: useId(), boss: useId() };
  const create = useAction(() =>
    answer(
      api.POST('/v1/organisations', {
        body: { name: name.trim(), type, grades: gradesOf(grades), ...(boss.trim() ? { bossCharacterId: boss.trim() } : {}) },
      }),
    ),
  );
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const organisation = await create.run();
    if (organisation) navigate({ screen: 'organisation', organisationId: organisation.organisationId });
  };
  return (
    <section id={id} aria-labelledby="new-organisation">
      <h2 id="new-organisation">{t('organisations.new')}</h2>
      <form onSubmit={submit} className="panel">
        <div className="field">
          <label htmlFor={ids.name}>{t('organisations.name')}</label>
          <input id={ids.name} required minLength={2} maxLength={64} value={name} onChange={(event) => setName(event.target.value)} />
        </div>
        <div className="field">
          <label htmlFor={ids.type}>{t('organisations.type')}</label>
          <TypeSelect id={ids.type} value={type} changed={(one) => setType(one as OrganisationType)} />
        </div>
        <GradesEditor grades={grades} changed={setGrades} />
        <div className="field">
          <label htmlFor={ids.boss}>
            {t('organisations.boss')} <span className="optional">{t('form.optional')}</span>
          </label>
          <input id={ids.boss} inputMode="numeric" maxLength={20} value={boss} onChange={(event) => setBoss(event.target.value)} />
        </div>
        <FormEnd action={create} submit={t('organisations.create')} needs={ADMINISTRATORS} forbidden="organisations.forbidden.create" />
      </form>
    </section>
  );
}
