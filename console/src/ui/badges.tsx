import type { Schemas } from '../../../clients/typescript';
import { useI18n } from '../i18n/i18n';

type CharacterStatus = Schemas['CharacterJson']['idStatus'];

export function CharacterStatusBadge({ status }: { status: CharacterStatus }) {
  const { t } = useI18n();
  return <span className={`badge status-${status}`}>{t(`character.status.${status}`)}</span>;
}

export function SanctionBadge({ type }: { type: Schemas['SanctionJson']['type'] }) {
  const { t } = useI18n();
  return <span className={`badge sanction-${type}`}>{t(`sanction.type.${type}`)}</span>;
}

export function DeliveryBadge({ status }: { status: Schemas['DeliveryJson']['status'] }) {
  const { t } = useI18n();
  return <span className={`badge delivery-${status}`}>{t(`delivery.status.${status}`)}</span>;
}
