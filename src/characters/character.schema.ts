import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { BLOOD_TYPES, GENDERS, ID_STATUSES } from './character.entity';

// The contract's JSON shapes, for the OpenAPI document only: presenters build the real bodies.

export class NationalityJson {
  @ApiProperty({ example: 'Argentino' })
  nombre: string;

  @ApiProperty({ example: 'ARG' })
  abrev: string;

  @ApiProperty({ example: 'Argentina' })
  lugar: string;
}

export class NationalityListJson {
  @ApiProperty({ type: [NationalityJson] })
  nationalities: NationalityJson[];
}

class Vector3Body {
  @ApiProperty() x: number;
  @ApiProperty() y: number;
  @ApiProperty() z: number;
}

/** The Avatar3D metadata, shared by characters and the game platform's 3D answer. */
export class Avatar3dCameraJson {
  @ApiProperty({ type: Vector3Body }) position: Vector3Body;
  @ApiProperty({ type: Vector3Body }) direction: Vector3Body;
  @ApiProperty({ description: 'field of view in degrees' }) fov: number;
}

export class Avatar3dAabbJson {
  @ApiProperty({ type: Vector3Body }) min: Vector3Body;
  @ApiProperty({ type: Vector3Body }) max: Vector3Body;
}

class WalletJson {
  @ApiProperty() balance: number;
  @ApiProperty() createdAt: string;
  @ApiProperty() updatedAt: string;
}

export class CharacterJson {
  @ApiProperty({ example: '1234567890123456789' }) characterId: string;
  @ApiProperty({ example: '1234567890123456789' }) userId: string;
  @ApiProperty() firstNames: string;
  @ApiProperty() lastNames: string;
  @ApiProperty() age: number;
  @ApiProperty({ description: 'centimetres' }) height: number;
  @ApiProperty({ enum: GENDERS }) gender: string;
  @ApiProperty({ enum: BLOOD_TYPES }) bloodType: string;
  @ApiProperty({ type: NationalityJson }) nationality: NationalityJson;
  @ApiProperty({ example: '12/04/1995', description: 'DD/MM/YYYY' }) dob: string;
  @ApiProperty({ type: String, nullable: true, description: 'image type avatar-bust' }) avatarHash: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'image type ids' }) idCardHash: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'image type avatar' }) fullBodyHash: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'image type avatars3d' }) avatar3dHash: string | null;
  @ApiProperty({ type: Avatar3dCameraJson, nullable: true }) avatar3dCamera: Avatar3dCameraJson | null;
  @ApiProperty({ type: Avatar3dAabbJson, nullable: true }) avatar3dAABB: Avatar3dAabbJson | null;
  @ApiProperty({ enum: ID_STATUSES }) idStatus: string;
  @ApiProperty({ type: String, nullable: true, description: 'why staff rejected it; cleared on submission' })
  reviewNote: string | null;
  @ApiProperty({ type: WalletJson, nullable: true }) wallet: WalletJson | null;
  @ApiPropertyOptional({ type: String, nullable: true, description: 'only with signature=true: data:image/png;base64,…' })
  signatureData?: string | null;
  @ApiProperty() createdAt: string;
  @ApiProperty() updatedAt: string;
}

export class CharacterListJson {
  @ApiProperty({ type: [CharacterJson] })
  characters: CharacterJson[];
}

/** The multipart form of a character PATCH. */
export class CharacterUploadDto {
  @ApiPropertyOptional({ description: 'JSON object with any of the JSON body fields' }) data?: string;
  @ApiPropertyOptional({ description: 'Avatar3D JSON string' }) avatar3D?: string;
  @ApiPropertyOptional({ type: 'string', format: 'binary', description: 'PNG, bust (≤ 8 MiB, 4096 px)' }) avatar?: unknown;
  @ApiPropertyOptional({ type: 'string', format: 'binary', description: 'PNG, full body (≤ 8 MiB, 4096 px)' }) fullBody?: unknown;
  @ApiPropertyOptional({ type: 'string', format: 'binary', description: 'glTF 2.0 binary (≤ 32 MiB)' }) avatar3dGlb?: unknown;
  @ApiPropertyOptional({ type: 'string', format: 'binary', description: 'PNG (≤ 1 MiB)' }) signature?: unknown;
}
