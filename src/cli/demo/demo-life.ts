import type { INestApplicationContext } from '@nestjs/common';
import type { Principal } from '../../access/principal';
import { CharacterLifecycle } from '../../characters/character-lifecycle.service';
import type { HolderRef } from '../../money/holder';
import { TransfersService } from '../../money/transfers.service';
import { NotesService } from '../../moderation/notes.service';
import { SanctionsService } from '../../moderation/sanctions.service';
import { ServiceKeysService } from '../../service-keys/service-keys.service';
import { Permission } from '../../common/permissions/permission';
import { approvedOf, type Member } from './demo-community';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A month of the economy: the game server pays starting money and salaries into wallets, players
 * save into their accounts and pay each other. Every transfer has its statement entries.
 */
export async function moveMoney(app: INestApplicationContext, admin: Principal, members: Member[], accounts: Map<string, string>): Promise<number> {
  const transfers = app.get(TransfersService);
  const wallet = (characterId: string): HolderRef => ({ type: 'wallet', characterId });
  let count = 0;
  const pay = async (caller: Principal, from: HolderRef, to: HolderRef, amount: number, memo: string) => {
    count += 1;
    await transfers.transfer(caller, `demo-${String(count).padStart(4, '0')}`, { from, to, amount, memo });
  };
  const living = approvedOf(members);
  for (const [index, { characterId }] of living.entries()) {
    await pay(admin, { type: 'external' }, wallet(characterId), 25_000 + index * 1_500, 'Ayuda de llegada a la ciudad');
    await pay(admin, { type: 'external' }, wallet(characterId), 3_200, 'Salario semanal');
  }
  for (const [index, { member, characterId }] of living.entries()) {
    await pay(member.caller, wallet(characterId), { type: 'account', accountId: accounts.get(characterId)! }, 10_000 + index * 250, 'Ahorro');
    const next = living[(index + 1) % living.length];
    if (next.member !== member) await pay(member.caller, wallet(characterId), wallet(next.characterId), 450 + index * 30, 'Pago por reparación del coche');
  }
  const [first] = living;
  await pay(first.member.caller, { type: 'account', accountId: accounts.get(first.characterId)! }, wallet(first.characterId), 2_000, 'Retirada en cajero');
  await pay(admin, wallet(first.characterId), { type: 'external' }, 1_200, 'Multa de tráfico');
  return count;
}

/** Characters that end: one retires, one dies (their cards are voided, their money frozen). */
export async function endCharacters(app: INestApplicationContext, moderator: Principal, members: Member[]): Promise<void> {
  const lifecycle = app.get(CharacterLifecycle);
  for (const { characterId, spec } of approvedOf(members)) {
    if (spec.fate === 'retired') await lifecycle.end(moderator, characterId, 'retired', 'El jugador pidió retirar al personaje');
    if (spec.fate === 'deceased') await lifecycle.end(moderator, characterId, 'deceased', 'Falleció en el incendio del puerto (rol de evento)');
  }
}

/** The moderation record: a warning, a suspension, a revoked ban, notes and tags. */
export async function moderate(app: INestApplicationContext, moderator: Principal, staff: Principal, members: Member[]): Promise<void> {
  const sanctions = app.get(SanctionsService);
  const notes = app.get(NotesService);
  const userOf = (username: string) => members.find((member) => member.person.username === username)!.caller.id;
  const troublemaker = userOf('ruben_x');
  await sanctions.issue(moderator, troublemaker, { type: 'warning', reason: 'Metagaming en el evento del puerto', expiresAt: null });
  await sanctions.issue(moderator, troublemaker, {
    type: 'suspension',
    reason: 'Reincidencia: uso de información fuera de rol',
    expiresAt: new Date(Date.now() + 7 * DAY_MS).toISOString(),
  });
  const ban = await sanctions.issue(moderator, userOf('joaquin_v'), { type: 'ban', reason: 'Cuenta compartida (revisión pendiente)', expiresAt: null });
  await sanctions.revoke(moderator, ban.sanctionId, 'Se comprobó que era su hermano con su propia cuenta');
  await notes.create(staff, troublemaker, { body: 'Avisado por privado dos veces antes del aviso formal.', pinned: true });
  await notes.create(staff, userOf('nuevo_jugador'), { body: 'Nuevo: le expliqué las normas de rol en el canal de ayuda.' });
  await notes.setTags(troublemaker, ['watchlist']);
  await notes.setTags(userOf('nuevo_jugador'), ['new-player']);
  await notes.setTags(userOf('marta_rp'), ['vip']);
}

/** The game server's key; shown once, like the API does. */
export async function gameServerKey(app: INestApplicationContext, admin: Principal): Promise<string> {
  const created = await app.get(ServiceKeysService).create(admin, { name: 'servidor-principal', permissions: String(Permission.SERVICE_ADMINISTRATOR) });
  return created.key;
}
