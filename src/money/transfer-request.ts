import { createHash } from 'node:crypto';
import { invalidField } from '../common/errors/domain-error';
import { type HolderRef, holderId } from './holder';
import type { HolderRefDto, TransferDto } from './transfer.dto';

/** A transfer request as validated: the exact thing an `Idempotency-Key` stands for. */
export interface TransferRequest {
  from: HolderRef;
  to: HolderRef;
  amount: number;
  memo: string | null;
}

const IDEMPOTENCY_KEY_SHAPE = /^[A-Za-z0-9_-]{8,64}$/;

/** The header as the OpenAPI document states it. */
export const IDEMPOTENCY_KEY = { name: 'Idempotency-Key', required: true, description: '8–64 of `[A-Za-z0-9_-]`, chosen by the client per request' };

export function parseIdempotencyKey(value: unknown): string {
  if (typeof value !== 'string' || !IDEMPOTENCY_KEY_SHAPE.test(value)) {
    throw invalidField('Idempotency-Key', 'the Idempotency-Key header is required: 8 to 64 of A-Z a-z 0-9 _ -');
  }
  return value;
}

export function transferRequest(dto: TransferDto): TransferRequest {
  const from = holderRefOf(dto.from, 'from');
  const to = holderRefOf(dto.to, 'to');
  if (from.type === 'external' && to.type === 'external') throw invalidField('to', 'external cannot pay external');
  if (from.type === to.type && holderId(from) === holderId(to)) throw invalidField('to', 'to must differ from from');
  return { from, to, amount: dto.amount, memo: dto.memo ?? null };
}

/** SHA-256 of the request in one fixed key order. */
export function requestHash(request: TransferRequest): string {
  const { from, to, amount, memo } = request;
  return createHash('sha256').update(JSON.stringify([from, to, amount, memo])).digest('hex');
}

/** Exactly the id field of its type, nothing else. */
export function holderRefOf(dto: HolderRefDto, field: string): HolderRef {
  const { type, characterId, accountId, organisationId } = dto;
  const ids = { characterId, accountId, organisationId };
  const idField = ID_FIELDS[type];
  const extra = Object.entries(ids).some(([name, value]) => name !== idField && value !== undefined);
  if (extra) throw invalidField(field, `${field} of type ${type} takes ${idField ?? 'no id'} only`);
  if (type === 'wallet') return { type, characterId: characterId! };
  if (type === 'account') return { type, accountId: accountId! };
  if (type === 'organisation') return { type, organisationId: organisationId! };
  return { type };
}

const ID_FIELDS: Record<HolderRefDto['type'], string | undefined> = {
  wallet: 'characterId',
  account: 'accountId',
  organisation: 'organisationId',
  external: undefined,
};
