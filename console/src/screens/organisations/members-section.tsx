import { useState } from 'react';
import type { Schemas } from '../../../../clients/typescript';
import type { Resource } from '../../api/resource';
import { useI18n } from '../../i18n/i18n';
import { STAFF_BITS } from '../../session/permissions';
import { Empty, Loading, Notice, ProblemMessage } from '../../ui/states';
import { Time } from '../../ui/time';
import type { Acting, Member, Organisation } from './acting';
import { HireForm } from './hire-form';
import { MemberCharacter, useMemberNames } from './member-character';
import { FireDialog, GradeDialog } from './member-dialogs';
import { gradeLabel } from './organisation-facts';

type Members = Schemas['MemberListJson'];

/** Highest grade first, then by joining: the API's order, kept after each change. */
function ordered(members: Member[]): Member[] {
  return [...members].sort((a, b) => b.grade - a.grade || a.joinedAt.localeCompare(b.joinedAt));
}

/** The members with their characters and grades; hire, change a grade and fire, as the user's rights allow. */
export function MembersSection({
  organisation,
  members,
  acting,
  counted,
}: {
  organisation: Organisation;
  members: Resource<Members>;
  acting: Acting;
  counted(delta: number): void;
}) {
  const i18n = useI18n();
  const { t } = i18n;
  const names = useMemberNames();
  const [notice, setNotice] = useState<string | undefined>();
  const [grading, setGrading] = useState<Member | undefined>();
  const [firing, setFiring] = useState<Member | undefined>();
  const change = (edit: (members: Member[]) => Member[], message: string) => {
    members.update((data) => ({ members: ordered(edit(data.members)) }));
    setNotice(message);
    setGrading(undefined);
    setFiring(undefined);
  };
  const top = organisation.grades.length - 1;
  return (
    <section aria-labelledby="members">
      <h2 id="members">{t('organisations.membersTitle')}</h2>
      {notice && <Notice>{notice}</Notice>}
      {members.status === 'loading' && <Loading />}
      {members.status === 'failed' && (
        <ProblemMessage problem={members.problem} retry={members.reload} needs={STAFF_BITS} forbidden="organisations.forbidden.members" />
      )}
      {members.status === 'ready' && members.data.members.length === 0 && <Empty>{t('organisations.noMembers')}</Empty>}
      {members.status === 'ready' && members.data.members.length > 0 && (
        <ul className="rows">
          {members.data.members.map((member) => (
            <li key={member.characterId} className="row">
              <p className="row-title">
                <MemberCharacter member={member} names={names} />
              </p>
              <p className="hint">
                {gradeLabel(i18n, organisation.grades[member.grade], top)} · {t('organisations.joined')} <Time value={member.joinedAt} />
              </p>
              {acting.outranks(member.grade) && (acting.can('promote') || acting.can('fire')) && (
                <div className="buttons">
                  {acting.can('promote') && (
                    <button type="button" onClick={() => setGrading(member)}>
                      {t('organisations.changeGrade')}
                    </button>
                  )}
                  {acting.can('fire') && (
                    <button type="button" className="danger" onClick={() => setFiring(member)}>
                      {t('organisations.fire')}
                    </button>
                  )}
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {acting.can('hire') && members.status === 'ready' && (
        <HireForm
          organisation={organisation}
          acting={acting}
          hired={(member) => {
            counted(1);
            change((list) => [...list, member], t('organisations.hired'));
          }}
        />
      )}
      {grading && (
        <GradeDialog
          organisation={organisation}
          acting={acting}
          member={grading}
          name={names.of(grading)}
          done={(member) => change((list) => list.map((one) => (one.characterId === member.characterId ? member : one)), t('organisations.regraded'))}
          onClose={() => setGrading(undefined)}
        />
      )}
      {firing && (
        <FireDialog
          organisation={organisation}
          member={firing}
          name={names.of(firing)}
          done={() => {
            counted(-1);
            change((list) => list.filter((one) => one.characterId !== firing.characterId), t('organisations.fired', { name: names.of(firing) }));
          }}
          onClose={() => setFiring(undefined)}
        />
      )}
    </section>
  );
}
