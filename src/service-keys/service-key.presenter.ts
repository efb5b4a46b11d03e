import { ApiProperty } from '@nestjs/swagger';
import type { ServiceKeyEntity } from './service-key.entity';

export class ServiceKeyJson {
  @ApiProperty({ example: '1234567890123456789' }) keyId: string;
  @ApiProperty() name: string;
  @ApiProperty({ description: 'Decimal string of the bitfield', example: '16' }) permissions: string;
  @ApiProperty() createdAt: string;
  @ApiProperty({ type: String, nullable: true, description: 'Kept to the minute' }) lastUsedAt: string | null;
}

export class CreatedServiceKeyJson extends ServiceKeyJson {
  @ApiProperty({ description: '`rpk_…`: shown only in this answer; send it as `Authorization: Bearer rpk_…`' })
  key: string;
}

export class ServiceKeyListJson {
  @ApiProperty({ type: [ServiceKeyJson] }) serviceKeys: ServiceKeyJson[];
}

export function toServiceKeyJson(key: ServiceKeyEntity): ServiceKeyJson {
  return {
    keyId: key.id,
    name: key.name,
    permissions: String(key.permissions),
    createdAt: key.createdAt.toISOString(),
    lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
  };
}
