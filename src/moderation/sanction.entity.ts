import { Check, Column, Entity, ForeignKey, Index } from 'typeorm';
import { CreatedAtColumn, SnowflakeColumn, SnowflakePrimaryColumn, TimestampColumn } from '../database/columns';

export const SANCTION_TYPES = ['ban', 'suspension', 'warning'] as const;
export type SanctionType = (typeof SANCTION_TYPES)[number];

/**
 * A ban, suspension or warning of a user. It is active while not revoked and `expiresAt` is null
 * or in the future: expiry is read against the clock, so no job has to end a sanction.
 */
@Entity({ name: 'sanctions' })
@Index('IDX_sanctions_user', ['userId', 'id'])
@Check('sanctions_type_check', `"type" IN (${SANCTION_TYPES.map((type) => `'${type}'`).join(', ')})`)
export class SanctionEntity {
  @SnowflakePrimaryColumn()
  id: string;

  @ForeignKey('users', { name: 'sanctions_userId_fkey', onDelete: 'CASCADE' })
  @SnowflakeColumn()
  userId: string;

  @Column({ type: 'varchar', length: 16 })
  type: SanctionType;

  @Column({ type: 'varchar', length: 500 })
  reason: string;

  @SnowflakeColumn()
  issuedBy: string;

  @TimestampColumn({ nullable: true })
  expiresAt: Date | null;

  @TimestampColumn({ nullable: true })
  revokedAt: Date | null;

  @SnowflakeColumn({ nullable: true })
  revokedBy: string | null;

  @Column({ type: 'varchar', length: 500, nullable: true })
  revokeReason: string | null;

  @CreatedAtColumn()
  createdAt: Date;
}
