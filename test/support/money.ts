import type { Test } from 'supertest';
import { BankAccountEntity } from '../../src/banks/bank-account.entity';
import { CharacterEntity } from '../../src/characters/character.entity';
import { WalletEntity } from '../../src/characters/wallet.entity';
import { Permission } from '../../src/common/permissions/permission';
import { IdGenerator } from '../../src/database/id-generator';
import { StatementEntryEntity } from '../../src/money/statement-entry.entity';
import { UserEntity } from '../../src/users/user.entity';
import type { TestApp } from './app';
import { aBank, aCharacter, aPlayer, type Player } from './factories';

/** Who calls: a browser session (cookie) or a game server (service key). */
export type Caller = { cookie: string } | { key: string };

export function withCaller(call: Test, caller: Caller): Test {
  return 'cookie' in caller ? call.set('Cookie', caller.cookie) : call.set('Authorization', `Bearer ${caller.key}`);
}

/** A signed-in player whose character is approved, with its (empty) wallet and as active character. */
export async function anApprovedPlayer(t: TestApp, permissions: number = Permission.USER): Promise<Player> {
  const player = await aPlayer(t, permissions);
  await t.dataSource.getRepository(CharacterEntity).update({ id: player.character.id }, { idStatus: 'approved' });
  await t.dataSource.getRepository(WalletEntity).insert({ characterId: player.character.id, balance: 0 });
  await t.dataSource.getRepository(UserEntity).update({ id: player.user.id }, { activeCharacterId: player.character.id });
  await t.rowsChanged(player.user.id);
  return player;
}

/** An account of the player's character in a fresh bank (owned by some other character). */
export async function anAccount(t: TestApp, player: Player): Promise<{ accountId: string; bankId: string }> {
  const bank = await aBank(t, await aCharacter(t, player.user));
  const accountId = t.app.get(IdGenerator).next();
  await t.dataSource.getRepository(BankAccountEntity).insert({ id: accountId, bankId: bank.id, characterId: player.character.id, balance: 0 });
  return { accountId, bankId: bank.id };
}

export async function aServiceKey(t: TestApp, admin: Caller, permissions: number, name = 'servidor'): Promise<string> {
  const response = await withCaller(t.http().post('/v1/service-keys'), admin).send({ name, permissions: String(permissions) });
  if (response.status !== 201) throw new Error(`service key answered ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.key as string;
}

let keyCounter = 0;

/** A fresh idempotency key per call unless one is given. */
export function transfer(t: TestApp, caller: Caller, body: object, idempotencyKey = `test-key-${Date.now()}-${keyCounter++}`): Test {
  return withCaller(t.http().post('/v1/transfers'), caller).set('Idempotency-Key', idempotencyKey).send(body);
}

export const wallet = (characterId: string) => ({ type: 'wallet', characterId });
export const account = (accountId: string) => ({ type: 'account', accountId });
export const EXTERNAL = { type: 'external' };

export async function walletBalance(t: TestApp, characterId: string): Promise<number> {
  return (await t.dataSource.getRepository(WalletEntity).findOneByOrFail({ characterId })).balance;
}

export async function accountBalance(t: TestApp, id: string): Promise<number> {
  return (await t.dataSource.getRepository(BankAccountEntity).findOneByOrFail({ id })).balance;
}

/** A holder's stored entries, oldest first. */
export function storedEntries(t: TestApp, holderType: 'wallet' | 'account' | 'treasury', holderId: string): Promise<StatementEntryEntity[]> {
  return t.dataSource.getRepository(StatementEntryEntity).find({ where: { holderType, holderId }, order: { id: 'ASC' } });
}

/** Each entry's balanceAfter follows from the one before it: nothing lost, nothing doubled. */
export function expectChained(entries: Pick<StatementEntryEntity, 'amount' | 'balanceAfter'>[], finalBalance: number): void {
  let balance = 0;
  for (const entry of entries) {
    balance += entry.amount;
    expect(entry.balanceAfter).toBe(balance);
    expect(balance).toBeGreaterThanOrEqual(0);
  }
  expect(balance).toBe(finalBalance);
}
