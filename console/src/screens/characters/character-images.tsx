import type { Schemas } from '../../../../clients/typescript';
import { useI18n } from '../../i18n/i18n';
import { fullName } from './character-facts';

type Character = Schemas['CharacterJson'];

/** A stored file's address: the API serves every asset by type and content hash. */
export function imageUrl(type: 'avatar-bust' | 'avatar' | 'avatars3d' | 'ids', hash: string): string {
  return `/v1/images/${type}/${encodeURIComponent(hash)}`;
}

/** The assets side by side: bust, full body, signature when loaded, and the 3D model to download. */
export function CharacterImages({ character }: { character: Character }) {
  const { t } = useI18n();
  const name = fullName(character);
  return (
    <div className="assets">
      <Figure caption={t('character.asset.bust')} src={character.avatarHash && imageUrl('avatar-bust', character.avatarHash)} alt={t('character.asset.bustOf', { name })} />
      <Figure caption={t('character.asset.fullBody')} src={character.fullBodyHash && imageUrl('avatar', character.fullBodyHash)} alt={t('character.asset.fullBodyOf', { name })} />
      {character.signatureData !== undefined && (
        <Figure caption={t('character.asset.signature')} src={character.signatureData} alt={t('character.asset.signatureOf', { name })} />
      )}
      <figure className="asset">
        <figcaption>{t('character.asset.model')}</figcaption>
        {character.avatar3dHash ? (
          <a href={imageUrl('avatars3d', character.avatar3dHash)} download>
            {t('character.asset.download')}
          </a>
        ) : (
          <p className="missing">{t('character.asset.none')}</p>
        )}
      </figure>
    </div>
  );
}

function Figure({ caption, src, alt }: { caption: string; src: string | null | undefined; alt: string }) {
  const { t } = useI18n();
  return (
    <figure className="asset">
      <figcaption>{caption}</figcaption>
      {src ? <img src={src} alt={alt} loading="lazy" /> : <p className="missing">{t('character.asset.none')}</p>}
    </figure>
  );
}
