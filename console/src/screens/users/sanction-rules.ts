import type { Schemas } from '../../../../clients/typescript';

type Sanction = Schemas['SanctionJson'];

/** Active until revoked or until it expires; nothing runs at expiry, so the clock decides. */
export function isActive(sanction: Sanction, now = Date.now()): boolean {
  return sanction.revokedAt === null && (sanction.expiresAt === null || Date.parse(sanction.expiresAt) > now);
}

/** The dossier's `activeSanction`: the active ban, else the active suspension (warnings never). */
export function activeSanctionOf(sanctions: Sanction[]): Schemas['ActiveSanctionJson'] | null {
  const active = sanctions.filter((sanction) => isActive(sanction));
  const chosen = active.find((sanction) => sanction.type === 'ban') ?? active.find((sanction) => sanction.type === 'suspension');
  return chosen ? { sanctionId: chosen.sanctionId, type: chosen.type as 'ban' | 'suspension', expiresAt: chosen.expiresAt } : null;
}

/** The choices of how long a sanction lasts; `until` takes a date and time. */
export const DURATIONS = ['1h', '24h', '3d', '7d', '30d', 'permanent', 'until'] as const;
export type Duration = (typeof DURATIONS)[number];

const HOUR_MS = 3_600_000;
const DURATION_MS: Record<Exclude<Duration, 'permanent' | 'until'>, number> = {
  '1h': HOUR_MS,
  '24h': 24 * HOUR_MS,
  '3d': 72 * HOUR_MS,
  '7d': 168 * HOUR_MS,
  '30d': 720 * HOUR_MS,
};

/** `expiresAt` as the API takes it; `local` is a datetime-local value, read in the viewer's time zone. */
export function expiryOf(duration: Duration, local: string, now = Date.now()): string | null {
  if (duration === 'permanent') return null;
  if (duration === 'until') return new Date(local).toISOString();
  return new Date(now + DURATION_MS[duration]).toISOString();
}
