import { useId } from 'react';
import type { Schemas } from '../../../../clients/typescript';
import { useI18n } from '../../i18n/i18n';
import { type Grade, type Right, RIGHTS } from './acting';

/** A grade as typed: the salary stays text until it is sent. */
export interface GradeDraft {
  name: string;
  salary: string;
  rights: Right[];
}

export const MAX_GRADES = 20;
const MAX_SALARY = 1_000_000_000;

export function draftsOf(grades: Grade[]): GradeDraft[] {
  return grades.map(({ name, salary, rights }) => ({ name, salary: String(salary), rights }));
}

export function gradesOf(drafts: GradeDraft[]): Schemas['GradeDto'][] {
  return drafts.map(({ name, salary, rights }) => ({ name: name.trim(), salary: Number(salary), rights }));
}

/** The grades from the lowest to the boss grade, which holds every right whatever is ticked. */
export function GradesEditor({ grades, changed }: { grades: GradeDraft[]; changed(grades: GradeDraft[]): void }) {
  const { t } = useI18n();
  const change = (index: number, grade: GradeDraft) => changed(grades.map((one, at) => (at === index ? grade : one)));
  return (
    <div className="grades-editor">
      <p className="hint">{t('organisations.grades.hint')}</p>
      <ol className="grade-list">
        {grades.map((grade, index) => (
          <GradeFields
            key={index}
            index={index}
            isTop={index === grades.length - 1}
            grade={grade}
            changed={(next) => change(index, next)}
            removed={grades.length > 1 ? () => changed(grades.filter((_, at) => at !== index)) : undefined}
          />
        ))}
      </ol>
      {grades.length < MAX_GRADES && (
        <button type="button" onClick={() => changed([...grades, { name: '', salary: '0', rights: [] }])}>
          {t('organisations.grades.add')}
        </button>
      )}
    </div>
  );
}

function GradeFields({ index, isTop, grade, changed, removed }: { index: number; isTop: boolean; grade: GradeDraft; changed(grade: GradeDraft): void; removed?: () => void }) {
  const { t } = useI18n();
  const ids = { name: useId(), salary: useId() };
  const label = isTop ? t('organisations.grade.boss', { grade: index }) : t('organisations.grade.number', { grade: index });
  const toggle = (right: Right) =>
    changed({ ...grade, rights: RIGHTS.filter((one) => (one === right ? !grade.rights.includes(one) : grade.rights.includes(one))) });
  return (
    <li>
      <fieldset className="grade-fields">
        <legend>{label}</legend>
        <div className="field">
          <label htmlFor={ids.name}>{t('organisations.grade.name')}</label>
          <input id={ids.name} required minLength={1} maxLength={32} value={grade.name} onChange={(event) => changed({ ...grade, name: event.target.value })} />
        </div>
        <div className="field">
          <label htmlFor={ids.salary}>{t('organisations.grade.salary')}</label>
          <input
            id={ids.salary}
            type="number"
            required
            min={0}
            max={MAX_SALARY}
            step={1}
            value={grade.salary}
            onChange={(event) => changed({ ...grade, salary: event.target.value })}
          />
        </div>
        <fieldset className="checks">
          <legend>{t('organisations.grade.rights')}</legend>
          {RIGHTS.map((right) => (
            <label key={right} className="check">
              <input type="checkbox" disabled={isTop} checked={isTop || grade.rights.includes(right)} onChange={() => toggle(right)} />
              {t(`organisations.right.${right}`)}
            </label>
          ))}
          {isTop && <p className="hint">{t('organisations.grade.bossRights')}</p>}
        </fieldset>
        {removed && (
          <div className="buttons">
            <button type="button" onClick={removed}>
              {t('organisations.grades.remove', { name: grade.name || label })}
            </button>
          </div>
        )}
      </fieldset>
    </li>
  );
}
