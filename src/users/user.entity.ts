import { Check, Column, Entity, ForeignKey } from 'typeorm';
import { CreatedAtColumn, SnowflakeColumn, SnowflakePrimaryColumn, UpdatedAtColumn } from '../database/columns';

@Entity({ name: 'users' })
@Check('users_maxCharacters_check', '"maxCharacters" >= 0')
export class UserEntity {
  @SnowflakePrimaryColumn()
  id: string;

  /** The manual bits: what `PATCH /v1/users/:id` and the CLI set. See `effectivePermissions`. */
  @Column({ type: 'integer' })
  permissions: number;

  /** The bits of the mapped chat roles the user held at the latest answer of the chat provider (decisions §15). */
  @Column({ type: 'integer', default: 0 })
  syncedPermissions: number;

  /** `mfa_enabled` of the chat profile at the latest sign-in; null before the first one that reported it. */
  @Column({ type: 'boolean', nullable: true })
  chatMfa: boolean | null;

  @Column({ type: 'integer' })
  maxCharacters: number;

  @ForeignKey('characters', { name: 'FK_users_active_character', onDelete: 'SET NULL' })
  @SnowflakeColumn({ nullable: true })
  activeCharacterId: string | null;

  @CreatedAtColumn()
  createdAt: Date;

  @UpdatedAtColumn()
  updatedAt: Date;
}
