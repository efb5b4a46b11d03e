import { useId, useState } from 'react';
import { api } from '../../api/client';
import { answer } from '../../api/problem';
import { useI18n } from '../../i18n/i18n';
import { ActionDialog } from '../../ui/action-dialog';
import { type Acting, gradesBelow, type Member, type Organisation } from './acting';
import { gradeLabel } from './organisation-facts';

interface MemberDialogProps<R> {
  organisation: Organisation;
  member: Member;
  /** The character's name, as the list shows it. */
  name: string;
  done(result: R): void;
  onClose(): void;
}

const pathOf = (organisation: Organisation, member: Member) => ({ path: { organisationId: organisation.organisationId, characterId: member.characterId } });

/** Up or down, to a grade below the user's own (right `promote`). */
export function GradeDialog({ organisation, acting, member, name, done, onClose }: MemberDialogProps<Member> & { acting: Acting }) {
  const { t } = useI18n();
  const choices = gradesBelow(organisation, acting).filter((grade) => grade.grade !== member.grade);
  // One step up if the user may give it, else one step down: the usual change.
  const nearest = choices.find((one) => one.grade === member.grade + 1) ?? choices.find((one) => one.grade === member.grade - 1) ?? choices[0];
  const [grade, setGrade] = useState(nearest?.grade ?? member.grade);
  const id = useId();
  return (
    <ActionDialog
      title={t('organisations.changeGradeOf', { name })}
      confirm={t('organisations.changeGrade.confirm')}
      forbidden="organisations.forbidden.promote"
      perform={() => answer(api.PATCH('/v1/organisations/{organisationId}/members/{characterId}', { params: pathOf(organisation, member), body: { grade } }))}
      done={done}
      onClose={onClose}
    >
      <div className="field">
        <label htmlFor={id}>{t('organisations.newGrade')}</label>
        <GradeSelect id={id} organisation={organisation} acting={acting} value={grade} changed={setGrade} except={member.grade} />
      </div>
    </ActionDialog>
  );
}

/** Ends the membership (right `fire`); the character keeps everything else. */
export function FireDialog({ organisation, member, name, done, onClose }: MemberDialogProps<unknown>) {
  const { t } = useI18n();
  return (
    <ActionDialog
      title={t('organisations.fireTitle', { name, organisation: organisation.name })}
      confirm={t('organisations.fire.confirm')}
      danger
      forbidden="organisations.forbidden.fire"
      perform={() => answer(api.DELETE('/v1/organisations/{organisationId}/members/{characterId}', { params: pathOf(organisation, member) }))}
      done={done}
      onClose={onClose}
    >
      <p>{t('organisations.fireExplain')}</p>
    </ActionDialog>
  );
}

/** The grades the user may hand out, highest first. */
export function GradeSelect({
  id,
  organisation,
  acting,
  value,
  changed,
  except,
}: {
  id: string;
  organisation: Organisation;
  acting: Acting;
  value: number;
  changed(grade: number): void;
  except?: number;
}) {
  const i18n = useI18n();
  const top = organisation.grades.length - 1;
  return (
    <select id={id} value={value} onChange={(event) => changed(Number(event.target.value))}>
      {gradesBelow(organisation, acting)
        .filter((grade) => grade.grade !== except)
        .reverse()
        .map((grade) => (
          <option key={grade.grade} value={grade.grade}>
            {gradeLabel(i18n, grade, top)}
          </option>
        ))}
    </select>
  );
}
