import { ApiProperty } from '@nestjs/swagger';
import type { CharacterJson } from '../characters/character.presenter';
import { Avatar3dAabbBody, Avatar3dCameraBody, CharacterBody } from '../characters/character.schema';

export class AvatarImageDto {
  @ApiProperty({ example: 'https://api.example.com/v1/images/avatar/9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08.png' })
  imageUrl: string;
}

export class Avatar3dDto {
  @ApiProperty({ description: 'reference to the OBJ file' }) obj: string;
  @ApiProperty({ description: 'reference to the MTL file' }) mtl: string;
  @ApiProperty({ type: [String], description: 'one reference per texture' }) textures: string[];
  @ApiProperty({ type: Avatar3dCameraBody }) camera: Avatar3dCameraBody;
  @ApiProperty({ type: Avatar3dAabbBody }) aabb: Avatar3dAabbBody;
}

/** Who a connecting player is, for a game server (decisions §8). */
export class PlayerJson {
  @ApiProperty({ example: '1234567890123456789' }) userId: string;
  @ApiProperty({ description: 'The game-platform account id asked for' }) externalId: string;
  @ApiProperty({ type: CharacterBody, nullable: true, description: 'The character the player plays, with its wallet' })
  activeCharacter: CharacterJson | null;
}
