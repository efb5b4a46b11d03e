import { ApiProperty } from '@nestjs/swagger';
import type { UserEntity } from '../users/user.entity';
import type { SyncOutcome } from './chat-role-sync.service';

export class UserSyncJson {
  @ApiProperty() userId: string;
  @ApiProperty({
    enum: ['member', 'not_member', 'unavailable'],
    description: 'What the chat provider answered: `unavailable` (timeout, error, rate limit) changed nothing.',
  })
  outcome: SyncOutcome;
  @ApiProperty({ description: 'Effective permissions, as the user’s JSON shows them (decimal bitfield).' }) permissions: string;
  @ApiProperty({ description: 'Set by PATCH /v1/users/:id and the command line.' }) manualPermissions: string;
  @ApiProperty({ description: 'Granted by the mapped chat roles held at the latest answer.' }) syncedPermissions: string;
  @ApiProperty({ type: String, nullable: true, format: 'date-time', description: 'Latest answer of the chat provider; a failed call leaves it.' })
  syncedAt: string | null;
}

/** The sync fields of a user: the dossier's and the sync's answer. */
export function syncFieldsOf(user: UserEntity, effective: number, syncedAt: Date | null): Omit<UserSyncJson, 'userId' | 'outcome'> {
  return {
    permissions: String(effective),
    manualPermissions: String(user.permissions),
    syncedPermissions: String(user.syncedPermissions),
    syncedAt: syncedAt?.toISOString() ?? null,
  };
}
