import type { EntityManager } from 'typeorm';
import { isEnded } from './character.policy';
import type { CharacterEntity } from './character.entity';
import { toCharacterJson } from './character.presenter';
import type { CharacterJson } from './character.schema';
import { walletsOf } from './characters.repository';
import type { WalletEntity } from './wallet.entity';

/**
 * The contract's Character JSON for many characters with their wallets, in two queries
 * whatever the count (never one wallet query per character).
 */
export async function presentCharacters(
  manager: EntityManager,
  characters: CharacterEntity[],
  options: { withSignature?: boolean } = {},
): Promise<CharacterJson[]> {
  const wallets = await walletsOf(manager, characters.filter(hasWallet).map((c) => c.id));
  return presentWithWallets(characters, wallets, options);
}

/** The contract's Character JSON for characters whose wallets were read already (more of them may have been: only these characters' show). */
export function presentWithWallets(characters: CharacterEntity[], wallets: WalletEntity[], options: { withSignature?: boolean } = {}): CharacterJson[] {
  const walletOf = new Map(wallets.map((wallet) => [wallet.characterId, wallet]));
  return characters.map((character) =>
    toCharacterJson(character, { withSignature: options.withSignature, wallet: (hasWallet(character) && walletOf.get(character.id)) || null }),
  );
}

/** Approval made the wallet; an ended character keeps it, frozen. */
function hasWallet(character: CharacterEntity): boolean {
  return character.idStatus === 'approved' || isEnded(character);
}

export async function presentCharacter(
  manager: EntityManager,
  character: CharacterEntity,
  options: { withSignature?: boolean } = {},
): Promise<CharacterJson> {
  const [json] = await presentCharacters(manager, [character], options);
  return json;
}
