import type { Schemas } from '../../../../clients/typescript';
import { useI18n } from '../../i18n/i18n';
import { Link } from '../../router/router';
import { permissionNames } from '../../session/permissions';
import { CharacterStatusBadge, SanctionBadge } from '../../ui/badges';
import { Empty } from '../../ui/states';
import { Time } from '../../ui/time';
import { fullName } from '../characters/character-facts';

type Dossier = Schemas['DossierJson'];

/** Who the user is: ids, permissions, since when, and what sanction holds them now. */
export function DossierSummary({ dossier }: { dossier: Dossier }) {
  const { t, all } = useI18n();
  const { user, activeSanction } = dossier;
  const names = permissionNames(Number(user.permissions));
  return (
    <>
      {activeSanction && (
        <p className="alert-line">
          <SanctionBadge type={activeSanction.type} />{' '}
          {activeSanction.expiresAt ? (
            <>
              {t('sanction.until')} <Time value={activeSanction.expiresAt} />
            </>
          ) : (
            t('sanction.permanent')
          )}
        </p>
      )}
      <dl className="facts">
        <div>
          <dt>{t('user.id')}</dt>
          <dd className="mono">{user.userId}</dd>
        </div>
        <div>
          <dt>{t('user.permissions')}</dt>
          <dd>{all(names.map((name) => t(`permission.${name}`)))}</dd>
        </div>
        <div>
          <dt>{t('user.maxCharacters')}</dt>
          <dd>{user.maxCharacters}</dd>
        </div>
        <div>
          <dt>{t('user.since')}</dt>
          <dd>
            <Time value={user.createdAt} />
          </dd>
        </div>
      </dl>
    </>
  );
}

/** Every provider link, current and past: a ban-evasion check starts here. */
export function LinksSection({ links }: { links: Dossier['providers'] }) {
  const { t } = useI18n();
  return (
    <section aria-labelledby="links">
      <h2 id="links">{t('dossier.links')}</h2>
      {links.length === 0 ? (
        <Empty>{t('dossier.noLinks')}</Empty>
      ) : (
        <ul className="rows">
          {links.map((link) => (
            <li key={link.providerId} className={link.unlinkedAt ? 'row past' : 'row'}>
              <p className="row-title">
                {t(`provider.${link.providerName}`)}: {link.username ?? '—'} <span className="mono">({link.externalId})</span>
              </p>
              <p className="hint">
                {t('dossier.linkedAt')} <Time value={link.linkedAt} />
                {link.unlinkedAt ? (
                  <>
                    {' · '}
                    {t('dossier.unlinkedAt')} <Time value={link.unlinkedAt} />
                  </>
                ) : (
                  <> · {t('dossier.current')}</>
                )}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function CharactersSection({ characters, activeId }: { characters: Dossier['characters']; activeId: string | null }) {
  const { t } = useI18n();
  return (
    <section aria-labelledby="characters">
      <h2 id="characters">{t('dossier.characters')}</h2>
      {characters.length === 0 ? (
        <Empty>{t('dossier.noCharacters')}</Empty>
      ) : (
        <ul className="rows">
          {characters.map((character) => (
            <li key={character.characterId} className="row">
              <p className="row-title">
                <Link to={{ screen: 'character', userId: character.userId, characterId: character.characterId }}>{fullName(character)}</Link>{' '}
                <CharacterStatusBadge status={character.idStatus} />
                {character.characterId === activeId && <span className="badge">{t('dossier.activeCharacter')}</span>}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
