import { Column, Entity, Index } from 'typeorm';
import { CreatedAtColumn, SnowflakeColumn, SnowflakePrimaryColumn, TimestampColumn } from '../database/columns';

/** A game server's credential: its bits, its maker, and only the SHA-256 of the `rpk_` key itself. */
@Entity({ name: 'service_keys' })
@Index('UQ_service_keys_hash', ['keyHash'], { unique: true })
export class ServiceKeyEntity {
  @SnowflakePrimaryColumn()
  id: string;

  @Column({ type: 'varchar', length: 64 })
  name: string;

  @Column({ type: 'integer' })
  permissions: number;

  @Column({ type: 'varchar', length: 64 })
  keyHash: string;

  /** The administrator the key acts for; null for a key made before makers were kept and never traced. */
  @SnowflakeColumn({ nullable: true })
  createdBy: string | null;

  @CreatedAtColumn()
  createdAt: Date;

  @TimestampColumn({ nullable: true })
  lastUsedAt: Date | null;
}
