import { useState } from 'react';
import type { Schemas } from '../../../../clients/typescript';
import { api } from '../../api/client';
import { answer } from '../../api/problem';
import { useI18n } from '../../i18n/i18n';
import { SANCTION_ISSUERS } from '../../session/permissions';
import { useSession } from '../../session/session';
import { ActionDialog } from '../../ui/action-dialog';
import { fullName } from './character-facts';

type Character = Schemas['CharacterJson'];
type Ending = 'retire' | 'decease';

/** Which endings the character can still take: an approved one either, a retired one only death. */
function endingsOf(status: Character['idStatus']): Ending[] {
  if (status === 'approved') return ['retire', 'decease'];
  return status === 'retired' ? ['decease'] : [];
}

/** Retire or decease: final, so each asks for a reason in a dialog. */
export function EndStateActions({ character, changed }: { character: Character; changed(character: Character): void }) {
  const { t } = useI18n();
  const { may } = useSession();
  const [ending, setEnding] = useState<Ending | undefined>();
  const endings = endingsOf(character.idStatus);
  if (!may(SANCTION_ISSUERS) || endings.length === 0) return null;
  const perform = (reason: string) => {
    const request = { params: { path: { characterId: character.characterId } }, body: { reason } };
    return answer(
      ending === 'retire'
        ? api.POST('/v1/staff/characters/{characterId}/retire', request)
        : api.POST('/v1/staff/characters/{characterId}/decease', request),
    );
  };
  return (
    <section aria-labelledby="end-state">
      <h2 id="end-state">{t('ending.title')}</h2>
      <p>{t('ending.explain')}</p>
      <div className="buttons">
        {endings.map((option) => (
          <button key={option} type="button" className="danger" onClick={() => setEnding(option)}>
            {t(`ending.${option}`)}
          </button>
        ))}
      </div>
      {ending && (
        <ActionDialog
          title={t(`ending.${ending}.title`, { name: fullName(character) })}
          confirm={t(`ending.${ending}`)}
          danger
          reason={{ label: t('ending.reason'), required: true }}
          needs={SANCTION_ISSUERS}
          perform={perform}
          done={(ended) => {
            setEnding(undefined);
            changed(ended);
          }}
          onClose={() => setEnding(undefined)}
        >
          <p>{t('ending.consequences')}</p>
        </ActionDialog>
      )}
    </section>
  );
}
