import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Principal } from '../access/principal';
import { TransactionRunner } from '../database/transaction-runner';
import { isUniqueViolation } from '../database/unique-violation';
import { IDEMPOTENCY_TTL_MS, IdempotencyRepository } from './idempotency.repository';
import { IdempotencyKeyReused } from './money.errors';

/** A key's row can vanish (expiry) between the conflict and the read: claim again, a few times. */
const CLAIM_ATTEMPTS = 3;

/** Stands for an answer that its own transaction writes over before committing. */
const PENDING_ANSWER = '';

type KeyOf = { principalId: string; key: string };

/**
 * Requests under an `Idempotency-Key` (decisions §8, §12, §14): per principal, kept 24 h, only
 * 2xx answers stored. One transaction claims the key as its first write, does the work and stores
 * its answer, so a key's answer exists exactly when its work committed; a refused request rolls
 * its claim back and leaves the key unused. A concurrent request with the same key blocks on the
 * claim (PostgreSQL) and then gets the first answer; with another body, 409.
 */
@Injectable()
export class IdempotentRequests {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly keys: IdempotencyRepository,
  ) {}

  /** `answer`, when the caller knows it in advance, is claimed with the key and saves a write. */
  async run<T>(caller: Principal, idempotencyKey: string, hash: string, work: (manager: EntityManager) => Promise<T>, answer?: T): Promise<T> {
    const key = { principalId: caller.id, key: idempotencyKey };
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.tx.run(async (manager) => {
          await this.keys.claim(manager, key, hash, answer === undefined ? PENDING_ANSWER : JSON.stringify(answer));
          const result = await work(manager);
          if (answer === undefined) await this.keys.setResponse(manager, key, JSON.stringify(result));
          return result;
        });
      } catch (error) {
        if (!isUniqueViolation(error) || attempt >= CLAIM_ATTEMPTS) throw error;
        const earlier = await this.earlierAnswer<T>(key, hash);
        if (earlier) return earlier;
      }
    }
  }

  /** The first answer under the key; undefined when the key is free again (expired or gone). */
  private async earlierAnswer<T>(key: KeyOf, hash: string): Promise<T | undefined> {
    const stored = await this.keys.find(key);
    if (!stored) return undefined;
    const now = new Date();
    if (now.getTime() - stored.createdAt.getTime() >= IDEMPOTENCY_TTL_MS) {
      await this.keys.deleteExpired(now, key);
      return undefined;
    }
    if (stored.requestHash !== hash) throw new IdempotencyKeyReused();
    return JSON.parse(stored.response) as T;
  }
}
