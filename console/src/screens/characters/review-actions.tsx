import { useState } from 'react';
import type { Schemas } from '../../../../clients/typescript';
import { useI18n } from '../../i18n/i18n';
import { REVIEWERS } from '../../session/permissions';
import { useSession } from '../../session/session';
import { DecisionDialog } from '../review/decision-dialog';
import { type Decision, ReviewOutcome } from '../review/review-outcome';
import { fullName } from './character-facts';

type Character = Schemas['CharacterJson'];

/** A pending character can be decided on its own page too, after a closer look. */
export function ReviewActions({ character, changed }: { character: Character; changed(character: Character): void }) {
  const { t } = useI18n();
  const { may } = useSession();
  const [deciding, setDeciding] = useState<Decision | undefined>();
  const [last, setLast] = useState<{ decision: Decision; outcome: Schemas['ReviewOutcomeJson'] } | undefined>();
  if (!may(REVIEWERS) || (character.idStatus !== 'pending_approval' && !last)) return null;
  const decided = (decision: Decision, outcome: Schemas['ReviewOutcomeJson']) => {
    setDeciding(undefined);
    setLast({ decision, outcome });
    if (outcome.characters[0]) changed(outcome.characters[0]);
  };
  return (
    <section aria-labelledby="review">
      <h2 id="review">{t('character.review')}</h2>
      {last && <ReviewOutcome {...last} names={new Map([[character.characterId, fullName(character)]])} />}
      {character.idStatus === 'pending_approval' && (
        <div className="buttons">
          <button type="button" className="primary" onClick={() => setDeciding('approve')}>
            {t('review.approve')}
          </button>
          <button type="button" className="danger" onClick={() => setDeciding('reject')}>
            {t('review.reject')}
          </button>
        </div>
      )}
      {deciding && <DecisionDialog decision={deciding} ids={[character.characterId]} done={decided} onClose={() => setDeciding(undefined)} />}
    </section>
  );
}
