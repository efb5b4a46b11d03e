import { ApiProperty } from '@nestjs/swagger';
import type { ServiceKeyEntity } from './service-key.entity';

export class ServiceKeyJson {
  @ApiProperty({ example: '1234567890123456789' }) keyId: string;
  @ApiProperty() name: string;
  @ApiProperty({ description: 'Decimal string of the bitfield', example: '16' }) permissions: string;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'The user the key acts for: it holds only the bits given to it that this user still holds, and is refused while this user is banned or gone. Null for a key made before makers were kept, which keeps its own bits.',
  })
  createdBy: string | null;
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
    createdBy: key.createdBy,
    createdAt: key.createdAt.toISOString(),
    lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
  };
}
