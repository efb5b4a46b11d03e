import { useId } from 'react';
import type { Schemas } from '../../../../clients/typescript';
import { useI18n } from '../../i18n/i18n';
import { Link } from '../../router/router';
import { CharacterFacts, fullName } from '../characters/character-facts';
import { CharacterImages } from '../characters/character-images';

type Character = Schemas['CharacterJson'];

/** One character awaiting review: a box to select it, its data and its assets side by side. */
export function PendingCard({ character, selected, toggle }: { character: Character; selected: boolean; toggle(): void }) {
  const { t } = useI18n();
  const checkbox = useId();
  const name = fullName(character);
  return (
    <article className={selected ? 'pending selected' : 'pending'} aria-label={name}>
      <div className="pending-head">
        <input id={checkbox} type="checkbox" checked={selected} onChange={toggle} />
        <label htmlFor={checkbox}>{t('review.select', { name })}</label>
      </div>
      <div className="pending-body">
        <div>
          <h2>
            <Link to={{ screen: 'character', userId: character.userId, characterId: character.characterId }}>{name}</Link>
          </h2>
          <CharacterFacts character={character} />
        </div>
        <CharacterImages character={character} />
      </div>
    </article>
  );
}
