import type { Schemas } from '../../../../clients/typescript';
import { api } from '../../api/client';
import { answer } from '../../api/problem';
import { useResource } from '../../api/resource';
import { useI18n } from '../../i18n/i18n';
import { STAFF_BITS } from '../../session/permissions';
import { CharacterStatusBadge } from '../../ui/badges';
import { Page } from '../../ui/page';
import { Loading, ProblemMessage } from '../../ui/states';
import { CharacterFacts, fullName } from './character-facts';
import { CharacterImages, imageUrl } from './character-images';
import { EndStateActions } from './end-state';
import { ReviewActions } from './review-actions';

/** A character with its ID card, every asset and, for moderators, its end states. */
export function CharacterPage({ userId, characterId }: { userId: string; characterId: string }) {
  const { t } = useI18n();
  const character = useResource(
    (signal) =>
      answer(api.GET('/v1/users/{userId}/characters/{characterId}', { params: { path: { userId, characterId }, query: { signature: 'true' } }, signal })),
    [userId, characterId],
  );
  if (character.status === 'loading') return <Page title={t('character.title')}><Loading /></Page>;
  if (character.status === 'failed') {
    return (
      <Page title={t('character.title')}>
        <ProblemMessage problem={character.problem} retry={character.reload} needs={STAFF_BITS} />
      </Page>
    );
  }
  const data = character.data;
  return (
    <Page title={fullName(data)}>
      <p className="subtitle">
        <CharacterStatusBadge status={data.idStatus} /> <span className="mono">{data.characterId}</span>
      </p>
      <ReviewActions character={data} changed={(decided) => character.update(() => ({ ...decided, signatureData: data.signatureData }))} />
      <IdCard character={data} />
      <section aria-labelledby="character-data">
        <h2 id="character-data">{t('character.data')}</h2>
        <CharacterFacts character={data} />
        <Wallet character={data} />
        {data.reviewNote && (
          <p>
            <strong>{t('character.reviewNote')}</strong> {data.reviewNote}
          </p>
        )}
      </section>
      <section aria-labelledby="character-assets">
        <h2 id="character-assets">{t('character.assets')}</h2>
        <CharacterImages character={data} />
      </section>
      <EndStateActions character={data} changed={(ended) => character.update(() => ({ ...ended, signatureData: data.signatureData }))} />
    </Page>
  );
}

function IdCard({ character }: { character: Schemas['CharacterJson'] }) {
  const { t } = useI18n();
  return (
    <section aria-labelledby="id-card">
      <h2 id="id-card">{t('character.idCard')}</h2>
      {character.idCardHash ? (
        <img className="id-card" src={imageUrl('ids', character.idCardHash)} alt={t('character.idCardOf', { name: fullName(character) })} width={1012} height={638} />
      ) : (
        <p className="missing">{t('character.noIdCard')}</p>
      )}
    </section>
  );
}

function Wallet({ character }: { character: Schemas['CharacterJson'] }) {
  const { t, number } = useI18n();
  if (!character.wallet) return null;
  const frozen = character.idStatus === 'retired' || character.idStatus === 'deceased';
  return (
    <p>
      <strong>{t('character.wallet')}</strong> {number(character.wallet.balance)}
      {frozen && ` (${t('character.walletFrozen')})`}
    </p>
  );
}
