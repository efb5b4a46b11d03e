import { Column, Entity, Index } from 'typeorm';
import { CreatedAtColumn, SnowflakePrimaryColumn, TimestampColumn } from '../database/columns';

/** A game server's credential: its bits, and only the SHA-256 of the `rpk_` key itself. */
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

  @CreatedAtColumn()
  createdAt: Date;

  @TimestampColumn({ nullable: true })
  lastUsedAt: Date | null;
}
