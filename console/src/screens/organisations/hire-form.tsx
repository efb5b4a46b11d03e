import { type FormEvent, useId, useState } from 'react';
import { api } from '../../api/client';
import { useAction } from '../../api/action';
import { answer } from '../../api/problem';
import { useI18n } from '../../i18n/i18n';
import { Link } from '../../router/router';
import { STAFF_READERS } from '../../session/permissions';
import { useSession } from '../../session/session';
import { FormEnd } from '../../ui/form-end';
import type { Acting, Member, Organisation } from './acting';
import { GradeSelect } from './member-dialogs';

/** A character joins at a grade below the user's own (right `hire`). */
export function HireForm({ organisation, acting, hired }: { organisation: Organisation; acting: Acting; hired(member: Member): void }) {
  const { t } = useI18n();
  const [characterId, setCharacterId] = useState('');
  const [grade, setGrade] = useState(0);
  const { may } = useSession();
  const ids = { heading: useId(), character: useId(), characterHint: useId(), grade: useId() };
  const hire = useAction(() =>
    answer(
      api.POST('/v1/organisations/{organisationId}/members', {
        params: { path: { organisationId: organisation.organisationId } },
        body: { characterId: characterId.trim(), grade },
      }),
    ),
  );
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const member = await hire.run();
    if (!member) return;
    setCharacterId('');
    hired(member);
  };
  return (
    <form onSubmit={submit} className="panel" aria-labelledby={ids.heading}>
      <h3 id={ids.heading}>{t('organisations.hire.title')}</h3>
      <div className="field">
        <label htmlFor={ids.character}>{t('organisations.hire.character')}</label>
        <input
          id={ids.character}
          required
          inputMode="numeric"
          maxLength={20}
          aria-describedby={ids.characterHint}
          value={characterId}
          onChange={(event) => setCharacterId(event.target.value)}
        />
        <p id={ids.characterHint} className="hint">
          {t('organisations.hire.characterHint')}{' '}
          {may(STAFF_READERS) && <Link to={{ screen: 'characters', q: '', status: 'approved' }}>{t('organisations.hire.findCharacter')}</Link>}
        </p>
      </div>
      <div className="field">
        <label htmlFor={ids.grade}>{t('organisations.hire.grade')}</label>
        <GradeSelect id={ids.grade} organisation={organisation} acting={acting} value={grade} changed={setGrade} />
      </div>
      <FormEnd action={hire} submit={t('organisations.hire')} forbidden="organisations.forbidden.hire" />
    </form>
  );
}
