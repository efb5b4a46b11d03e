import type { Schemas } from '../../../../clients/typescript';
import { useI18n } from '../../i18n/i18n';
import { Link } from '../../router/router';

type Character = Schemas['CharacterJson'];

export function fullName(character: Pick<Character, 'firstNames' | 'lastNames'>): string {
  return `${character.firstNames} ${character.lastNames}`;
}

/** What a reviewer checks: the character's data as the player entered it. */
export function CharacterFacts({ character, owner }: { character: Character; owner?: { userId: string; username: string | null } }) {
  const { t, number } = useI18n();
  return (
    <dl className="facts">
      <div>
        <dt>{t('character.age')}</dt>
        <dd>{t('character.years', { age: number(character.age) })}</dd>
      </div>
      <div>
        <dt>{t('character.dob')}</dt>
        <dd>{character.dob}</dd>
      </div>
      <div>
        <dt>{t('character.gender')}</dt>
        <dd>{t(`character.gender.${character.gender}`)}</dd>
      </div>
      <div>
        <dt>{t('character.nationality')}</dt>
        <dd>
          {character.nationality.nombre} ({character.nationality.lugar})
        </dd>
      </div>
      <div>
        <dt>{t('character.height')}</dt>
        <dd>{t('character.centimetres', { height: number(character.height) })}</dd>
      </div>
      <div>
        <dt>{t('character.bloodType')}</dt>
        <dd>{character.bloodType}</dd>
      </div>
      <div>
        <dt>{t('character.owner')}</dt>
        <dd>
          <Link to={{ screen: 'dossier', userId: character.userId }}>{owner?.username ?? t('character.ownerDossier')}</Link>
        </dd>
      </div>
    </dl>
  );
}
