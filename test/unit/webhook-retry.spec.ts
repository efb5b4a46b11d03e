import { retryDelayMs } from '../../src/webhooks/retry-schedule';
import { retryAfterMs } from '../../src/webhooks/webhook-sender';
import { matchesAction } from '../../src/events/event-catalogue';
import { isKnownEventPattern } from '../../src/webhooks/webhook-events';

describe('webhook retry schedule', () => {
  const noJitter = () => 0;
  const fullJitter = () => 0.999999;

  it('doubles from the base and never waits more than an hour apart', () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n, 30_000, null, noJitter))).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelayMs(8, 30_000, null, noJitter)).toBe(3_600_000);
    expect(retryDelayMs(500, 30_000, null, noJitter)).toBe(3_600_000);
  });

  it('waits at least what Retry-After asks', () => {
    expect(retryDelayMs(1, 30_000, 120_000, noJitter)).toBe(120_000);
    expect(retryDelayMs(3, 30_000, 1_000, noJitter)).toBe(120_000);
  });

  it('only lengthens a wait with jitter, by at most 20%', () => {
    for (let n = 1; n < 12; n++) {
      const base = retryDelayMs(n, 30_000, null, noJitter);
      const jittered = retryDelayMs(n, 30_000, null, fullJitter);
      expect(jittered).toBeGreaterThanOrEqual(base);
      expect(jittered).toBeLessThanOrEqual(Math.round(base * 1.2));
    }
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    expect(retryAfterMs('120')).toBe(120_000);
    expect(retryAfterMs(new Date(Date.UTC(2030, 0, 1, 0, 1)).toUTCString(), Date.UTC(2030, 0, 1))).toBe(60_000);
    expect(retryAfterMs('soon')).toBeNull();
    expect(retryAfterMs(undefined)).toBeNull();
  });
});

describe('webhook event patterns', () => {
  it('knows actions, their prefixes and *', () => {
    expect(['*', 'character.*', 'bank.created', 'service_key.*'].every(isKnownEventPattern)).toBe(true);
    expect(['character', 'characters.*', 'bank.exploded', '', '**', 'webhook.test'].some(isKnownEventPattern)).toBe(false);
  });

  it('matches by action, prefix or anything', () => {
    expect(matchesAction(['character.*'], 'character.approved')).toBe(true);
    expect(matchesAction(['character.*'], 'characterx.approved')).toBe(false);
    expect(matchesAction(['bank.created'], 'bank.capital_changed')).toBe(false);
    expect(matchesAction(['*'], 'user.permissions_changed')).toBe(true);
  });
});
