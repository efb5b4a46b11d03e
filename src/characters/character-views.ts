import type { EntityManager } from 'typeorm';
import { isEnded } from './character.policy';
import type { CharacterEntity } from './character.entity';
import { toCharacterJson } from './character.presenter';
import type { CharacterJson } from './character.schema';
import { walletsOf } from './characters.repository';

/**
 * The contract's Character JSON for many characters with their wallets, in two queries
 * whatever the count (never one wallet query per character).
 */
export async function presentCharacters(
  manager: EntityManager,
  characters: CharacterEntity[],
  options: { withSignature?: boolean } = {},
): Promise<CharacterJson[]> {
  // Approval made the wallet; an ended character keeps it, frozen.
  const approvedIds = characters.filter((c) => c.idStatus === 'approved' || isEnded(c)).map((c) => c.id);
  const wallets = await walletsOf(manager, approvedIds);
  const walletOf = new Map(wallets.map((wallet) => [wallet.characterId, wallet]));
  return characters.map((character) =>
    toCharacterJson(character, { withSignature: options.withSignature, wallet: walletOf.get(character.id) ?? null }),
  );
}

export async function presentCharacter(
  manager: EntityManager,
  character: CharacterEntity,
  options: { withSignature?: boolean } = {},
): Promise<CharacterJson> {
  const [json] = await presentCharacters(manager, [character], options);
  return json;
}
