import type { Schemas } from '../../../../clients/typescript';
import { useI18n } from '../../i18n/i18n';
import { Notice } from '../../ui/states';
import { fullName } from '../characters/character-facts';

export type Decision = 'approve' | 'reject';

/** What a batch did: how many changed, and each one left as it was, with why. */
export function ReviewOutcome({ decision, outcome, names }: { decision: Decision; outcome: Schemas['ReviewOutcomeJson']; names: Map<string, string> }) {
  const { t, plural } = useI18n();
  return (
    <Notice>
      <p>{plural(decision === 'approve' ? 'review.approved' : 'review.rejected', outcome.characters.length)}</p>
      {outcome.skipped.length > 0 && (
        <>
          <p>{plural('review.skipped', outcome.skipped.length)}</p>
          <ul>
            {outcome.skipped.map((skipped) => (
              <li key={skipped.characterId}>
                {names.get(skipped.characterId) ?? skipped.characterId}: {t(`review.skipReason.${skipped.reason}`)}
              </li>
            ))}
          </ul>
        </>
      )}
    </Notice>
  );
}

export function namesOf(characters: Schemas['CharacterJson'][]): Map<string, string> {
  return new Map(characters.map((character) => [character.characterId, fullName(character)]));
}
