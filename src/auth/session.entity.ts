import { Column, Entity, ForeignKey, Index } from 'typeorm';
import { CreatedAtColumn, SnowflakeColumn, SnowflakePrimaryColumn, TimestampColumn } from '../database/columns';

/**
 * One issued access/refresh token pair. Only SHA-256 hashes of the tokens are kept. Pairs that
 * replace each other by renewal share a `familyId`, so a replayed refresh token revokes them all.
 */
@Entity({ name: 'sessions' })
@Index('IDX_sessions_user', ['userId'])
@Index('IDX_sessions_family', ['familyId'])
export class SessionEntity {
  @SnowflakePrimaryColumn()
  id: string;

  @SnowflakeColumn()
  familyId: string;

  @ForeignKey('users', { name: 'sessions_userId_fkey', onDelete: 'CASCADE' })
  @SnowflakeColumn()
  userId: string;

  @Index('UQ_sessions_access_hash', { unique: true })
  @Column({ type: 'varchar', length: 64 })
  accessTokenHash: string;

  @Index('UQ_sessions_refresh_hash', { unique: true })
  @Column({ type: 'varchar', length: 64 })
  refreshTokenHash: string;

  @TimestampColumn()
  accessExpiresAt: Date;

  @TimestampColumn()
  refreshExpiresAt: Date;

  /** false once the user's permissions changed: the next request must renew. */
  @Column({ type: 'boolean', default: true })
  active: boolean;

  /** Set when this pair was replaced by renewal. */
  @TimestampColumn({ nullable: true })
  rotatedAt: Date | null;

  /** The successor pair, encrypted under a key only the old refresh token derives (grace window). */
  @Column({ type: 'text', nullable: true })
  successorSealed: string | null;

  @TimestampColumn({ nullable: true })
  revokedAt: Date | null;

  @Column({ type: 'varchar', length: 64, nullable: true })
  ip: string | null;

  @Column({ type: 'varchar', length: 512, nullable: true })
  userAgent: string | null;

  @CreatedAtColumn()
  createdAt: Date;
}
