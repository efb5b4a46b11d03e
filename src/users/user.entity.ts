import { Check, Column, Entity, ForeignKey } from 'typeorm';
import { CreatedAtColumn, SnowflakeColumn, SnowflakePrimaryColumn, UpdatedAtColumn } from '../database/columns';

@Entity({ name: 'users' })
@Check('users_maxCharacters_check', '"maxCharacters" >= 0')
export class UserEntity {
  @SnowflakePrimaryColumn()
  id: string;

  /** Bitfield of `Permission` bits. */
  @Column({ type: 'integer' })
  permissions: number;

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
