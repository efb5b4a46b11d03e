import type { CharacterJson } from './character.schema';
import type { CharacterEntity } from './character.entity';
import { findNationality, type Nationality } from './nationalities';
import type { WalletEntity } from './wallet.entity';

export interface CharacterJsonOptions {
  /** Include `signatureData` (the contract's `signature=true`). */
  withSignature?: boolean;
  wallet?: WalletEntity | null;
}

/** `YYYY-MM-DD` to the contract's `DD/MM/YYYY`. */
export function formatDob(isoDate: string): string {
  const [year, month, day] = isoDate.split('-');
  return `${day}/${month}/${year}`;
}

export function nationalityJson(code: string): Nationality {
  return findNationality(code) ?? { nombre: code, abrev: code, lugar: code };
}

export function walletJson(wallet: WalletEntity | null | undefined) {
  if (!wallet) return null;
  return {
    balance: wallet.balance,
    createdAt: wallet.createdAt.toISOString(),
    updatedAt: wallet.updatedAt.toISOString(),
  };
}

/** The contract's Character resource. */
export function toCharacterJson(character: CharacterEntity, options: CharacterJsonOptions = {}): CharacterJson {
  return {
    characterId: character.id,
    userId: character.userId,
    firstNames: character.firstNames,
    lastNames: character.lastNames,
    age: character.age,
    height: character.height,
    gender: character.gender,
    bloodType: character.bloodType,
    nationality: nationalityJson(character.nationality),
    dob: formatDob(character.dob),
    avatarHash: character.avatarHash,
    idCardHash: character.idCardHash,
    fullBodyHash: character.fullBodyHash,
    avatar3dHash: character.avatar3dHash,
    avatar3dCamera: character.avatar3dCamera,
    avatar3dAABB: character.avatar3dAABB,
    idStatus: character.idStatus,
    reviewNote: character.reviewNote,
    wallet: walletJson(options.wallet),
    ...(options.withSignature ? { signatureData: character.signatureData } : {}),
    createdAt: character.createdAt.toISOString(),
    updatedAt: character.updatedAt.toISOString(),
  };
}

/** The presenter answers the OpenAPI document's own class, so the two cannot drift. */
