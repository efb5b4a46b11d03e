import { Injectable } from '@nestjs/common';
import type { CharacterEntity } from '../character.entity';
import { formatDob, nationalityJson } from '../character.presenter';
import { StoredImages } from '../../images/stored-images.service';
import type { IdCardFacts } from './id-card.layout';
import { type IdCardOptions, renderIdCard } from './id-card.renderer';

const SIGNATURE_DATA_URL = /^data:image\/png;base64,([A-Za-z0-9+/]+={0,2})$/;

/** Issues ID cards (decisions §4.20): renders, stores under `ids`, answers the `idCardHash`. */
@Injectable()
export class IdCardService {
  constructor(private readonly images: StoredImages) {}

  /** Renders the character's card as of `issuedAt`, stores it and returns its stored name. */
  async issue(character: CharacterEntity, issuedAt: Date = new Date(), options: IdCardOptions = {}): Promise<string> {
    const avatar = character.avatarHash ? await this.images.read('avatar-bust', character.avatarHash) : null;
    const png = await renderIdCard(
      idCardFacts(character, issuedAt),
      { avatar, signature: signaturePng(character.signatureData) },
      options,
    );
    return this.images.store('ids', png, 'png');
  }
}

export function idCardFacts(character: CharacterEntity, issuedAt: Date): IdCardFacts {
  return {
    characterId: character.id,
    firstNames: character.firstNames,
    lastNames: character.lastNames,
    dob: formatDob(character.dob),
    age: character.age,
    gender: character.gender,
    nationality: nationalityJson(character.nationality).nombre,
    bloodType: character.bloodType,
    height: character.height,
    issuedOn: formatDob(issuedAt.toISOString().slice(0, 10)),
  };
}

/** Everything a card is drawn from: equal keys give equal cards on the same day. */
export function idCardKey(character: CharacterEntity): string {
  const { id, firstNames, lastNames, dob, age, gender, nationality, bloodType, height, avatarHash, signatureData } =
    character;
  return JSON.stringify([id, firstNames, lastNames, dob, age, gender, nationality, bloodType, height, avatarHash, signatureData]);
}

/** The PNG bytes of a `data:image/png;base64,…` signature; null when there is none. */
export function signaturePng(signatureData: string | null): Buffer | null {
  const match = signatureData ? SIGNATURE_DATA_URL.exec(signatureData) : null;
  return match ? Buffer.from(match[1], 'base64') : null;
}
