import { ApiProperty } from '@nestjs/swagger';

export class AvatarImageDto {
  @ApiProperty({ example: 'https://api.example.com/v1/images/avatar/9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08.png' })
  imageUrl: string;
}

class Vector3Dto {
  @ApiProperty() x: number;
  @ApiProperty() y: number;
  @ApiProperty() z: number;
}

class CameraDto {
  @ApiProperty({ type: Vector3Dto }) position: Vector3Dto;
  @ApiProperty({ type: Vector3Dto }) direction: Vector3Dto;
  @ApiProperty({ description: 'field of view in degrees' }) fov: number;
}

class AabbDto {
  @ApiProperty({ type: Vector3Dto }) min: Vector3Dto;
  @ApiProperty({ type: Vector3Dto }) max: Vector3Dto;
}

export class Avatar3dDto {
  @ApiProperty({ description: 'reference to the OBJ file' }) obj: string;
  @ApiProperty({ description: 'reference to the MTL file' }) mtl: string;
  @ApiProperty({ type: [String], description: 'one reference per texture' }) textures: string[];
  @ApiProperty({ type: CameraDto }) camera: CameraDto;
  @ApiProperty({ type: AabbDto }) aabb: AabbDto;
}
