import { useState } from 'react';
import { api } from '../../api/client';
import { answer } from '../../api/problem';
import { useI18n } from '../../i18n/i18n';
import { ActionDialog } from '../../ui/action-dialog';
import { Money } from '../../ui/money';
import { Notice } from '../../ui/states';
import type { Acting, Organisation } from './acting';
import { draftsOf, GradesEditor, gradesOf } from './grades-editor';
import { gradeLabel } from './organisation-facts';

/** The grades from the boss down, with their salaries and rights; a boss or an administrator changes them. */
export function GradesSection({ organisation, acting, changed }: { organisation: Organisation; acting: Acting; changed(organisation: Organisation): void }) {
  const i18n = useI18n();
  const { t, all } = i18n;
  const [editing, setEditing] = useState(false);
  const [notice, setNotice] = useState(false);
  const top = organisation.grades.length - 1;
  return (
    <section aria-labelledby="grades">
      <h2 id="grades">{t('organisations.grades')}</h2>
      {notice && <Notice>{t('organisations.grades.changed')}</Notice>}
      {acting.mayChange && (
        <button type="button" onClick={() => setEditing(true)}>
          {t('organisations.grades.change')}
        </button>
      )}
      <ul className="rows">
        {[...organisation.grades].reverse().map((grade) => (
          <li key={grade.grade} className="row">
            <p className="row-title">
              {gradeLabel(i18n, grade, top)}
            </p>
            <p className="hint">
              {t('organisations.grade.salary')}: <Money amount={grade.salary} />
            </p>
            <p className="hint">
              {t('organisations.grade.rights')}:{' '}
              {grade.grade === top
                ? t('organisations.grade.allRights')
                : grade.rights.length
                  ? all(grade.rights.map((right) => t(`organisations.right.${right}`)))
                  : t('organisations.grade.noRights')}
            </p>
          </li>
        ))}
      </ul>
      {editing && (
        <GradesDialog
          organisation={organisation}
          onClose={() => setEditing(false)}
          done={(next) => {
            setEditing(false);
            setNotice(true);
            changed(next);
          }}
        />
      )}
    </section>
  );
}

function GradesDialog({ organisation, done, onClose }: { organisation: Organisation; done(organisation: Organisation): void; onClose(): void }) {
  const { t } = useI18n();
  const [grades, setGrades] = useState(() => draftsOf(organisation.grades));
  return (
    <ActionDialog
      title={t('organisations.grades.changeOf', { name: organisation.name })}
      confirm={t('organisations.grades.save')}
      forbidden="organisations.forbidden.change"
      perform={() =>
        answer(
          api.PATCH('/v1/organisations/{organisationId}', {
            params: { path: { organisationId: organisation.organisationId } },
            body: { grades: gradesOf(grades) },
          }),
        )
      }
      done={done}
      onClose={onClose}
    >
      <GradesEditor grades={grades} changed={setGrades} />
    </ActionDialog>
  );
}
