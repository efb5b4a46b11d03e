import { ApiProperty } from '@nestjs/swagger';
import { Avatar3dAabbJson, Avatar3dCameraJson, CharacterJson } from '../characters/character.schema';

export class AvatarImageDto {
  @ApiProperty({ example: 'https://api.example.com/v1/images/avatar/9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08.png' })
  imageUrl: string;
}

export class Avatar3dDto {
  @ApiProperty({ description: 'reference to the OBJ file' }) obj: string;
  @ApiProperty({ description: 'reference to the MTL file' }) mtl: string;
  @ApiProperty({ type: [String], description: 'one reference per texture' }) textures: string[];
  @ApiProperty({ type: Avatar3dCameraJson }) camera: Avatar3dCameraJson;
  @ApiProperty({ type: Avatar3dAabbJson }) aabb: Avatar3dAabbJson;
}

/** Who a connecting player is, for a game server (decisions §8). */
export class PlayerJson {
  @ApiProperty({ example: '1234567890123456789' }) userId: string;
  @ApiProperty({ description: 'The game-platform account id asked for' }) externalId: string;
  @ApiProperty({ type: CharacterJson, nullable: true, description: 'The character the player plays, with its wallet' })
  activeCharacter: CharacterJson | null;
}
