import type { INestApplicationContext } from '@nestjs/common';
import type { Principal } from '../../access/principal';
import { OAuthAccountsService } from '../../auth/oauth/oauth-accounts.service';
import { BankAccountsService } from '../../banks/bank-accounts.service';
import { BanksService } from '../../banks/banks.service';
import { CharacterEditsService } from '../../characters/character-edits.service';
import { CharacterLifecycle } from '../../characters/character-lifecycle.service';
import { CharactersService } from '../../characters/characters.service';
import { derivedId } from '../../dev-providers/dev-identities';
import { UsersService } from '../../users/users.service';
import { ReviewService } from '../../review/review.service';
import { assetsFor } from './demo-assets';
import { DEMO_PEOPLE, type DemoCharacter, type DemoPerson } from './demo-people';

const VIEW = { withSignature: false };

/** A demo person once signed up: who they are to the services, and their characters by fate. */
export interface Member {
  person: DemoPerson;
  caller: Principal;
  characters: { spec: DemoCharacter; characterId: string }[];
}

/**
 * People sign up and link their game accounts as the OAuth callback would, staff get their bits
 * from the command line (as an operator does), and every character is created, given its assets
 * and submitted by its owner through the same services the HTTP routes call.
 */
export async function signUpEveryone(app: INestApplicationContext): Promise<Member[]> {
  const accounts = app.get(OAuthAccountsService);
  const users = app.get(UsersService);
  const members: Member[] = [];
  for (const person of DEMO_PEOPLE) {
    const chatId = derivedId('chatapp', person.username);
    const { userId } = await accounts.chatappUser({
      externalId: chatId,
      metadata: { id: chatId, username: person.username, global_name: person.displayName, avatar: null },
    });
    if (person.plays) {
      const gameName = `${person.username.replace(/\W/g, '_')}_plays`;
      const gameId = derivedId('gameplatform', gameName);
      await accounts.linkGameplatform(userId, {
        externalId: gameId,
        metadata: { sub: gameId, name: person.displayName, nickname: person.displayName, preferred_username: gameName, picture: null },
      });
    }
    if (person.permissions !== 1) await users.changeAsOperator(userId, () => ({ permissions: person.permissions }));
    const caller: Principal = { kind: 'user', id: userId, permissions: person.permissions };
    members.push({ person, caller, characters: await createCharacters(app, caller, person) });
  }
  return members;
}

async function createCharacters(app: INestApplicationContext, caller: Principal, person: DemoPerson): Promise<Member['characters']> {
  const created: Member['characters'] = [];
  for (const [index, spec] of person.characters.entries()) {
    const { fate: _fate, ...fields } = spec;
    const character = await app.get(CharactersService).create(caller, caller.id, fields, VIEW);
    if (spec.fate !== 'draft') {
      const assets = await assetsFor(derivedId('gameplatform', `${person.username}:${index}`), `${spec.firstNames} ${spec.lastNames}`);
      await app.get(CharacterEditsService).edit(caller, caller.id, character.characterId, { fields: { avatar3D: assets.avatar3D }, files: assets.files }, VIEW);
      await app.get(CharacterLifecycle).submit(caller, caller.id, character.characterId, VIEW);
    }
    created.push({ spec, characterId: character.characterId });
  }
  return created;
}

/** Staff work the review queue: approvals issue ID cards and wallets, a rejection keeps its reason. */
export async function reviewQueue(app: INestApplicationContext, reviewer: Principal, members: Member[]): Promise<void> {
  const withFate = (fates: string[]) =>
    members.flatMap((member) => member.characters.filter((c) => fates.includes(c.spec.fate)).map((c) => c.characterId));
  const review = app.get(ReviewService);
  await review.approve(reviewer, withFate(['approved', 'retired', 'deceased']));
  await review.reject(reviewer, withFate(['rejected']), 'La historia del personaje necesita más detalle: ¿de dónde viene y a qué se dedica?');
}

/** Two banks, an account for every approved character in one of them. */
export async function openBanks(app: INestApplicationContext, admin: Principal, members: Member[]): Promise<{ accounts: Map<string, string> }> {
  const living = approvedOf(members);
  const banks = app.get(BanksService);
  const central = await banks.create(admin, { ownerId: living[0].characterId, name: 'Banco Central de Los Santos', capital: 5_000_000 });
  const coop = await banks.create(admin, { ownerId: living[1].characterId, name: 'Cooperativa del Puerto', capital: 750_000 });
  await banks.adjustCapital(admin, coop.bankId, 250_000);
  const accounts = new Map<string, string>();
  for (const [index, { member, characterId }] of living.entries()) {
    const bankId = index % 2 === 0 ? central.bankId : coop.bankId;
    accounts.set(characterId, (await app.get(BankAccountsService).open(member.caller, bankId, characterId)).accountId);
  }
  return { accounts };
}

/** Approved characters (ended ones too: they were approved first), each with its member. */
export function approvedOf(members: Member[]): { member: Member; characterId: string; spec: DemoCharacter }[] {
  return members.flatMap((member) =>
    member.characters.filter((c) => ['approved', 'retired', 'deceased'].includes(c.spec.fate)).map((c) => ({ member, ...c })),
  );
}
