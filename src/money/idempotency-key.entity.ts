import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { CreatedAtColumn, SnowflakePrimaryColumn } from '../database/columns';

/**
 * A principal's `Idempotency-Key`, claimed by inserting this row in the transaction that moves the
 * money: a second request with the key waits on the row until the first commits or rolls back.
 */
@Entity({ name: 'idempotency_keys' })
@Index('IDX_idempotency_keys_created', ['createdAt'])
export class IdempotencyKeyEntity {
  @SnowflakePrimaryColumn()
  principalId: string;

  @PrimaryColumn({ type: 'varchar', length: 64 })
  key: string;

  /** SHA-256 of the request as validated, so another body under the key is told apart. */
  @Column({ type: 'varchar', length: 64 })
  requestHash: string;

  /** The 201 answer's JSON, written in the transaction that moves the money. */
  @Column({ type: 'text' })
  response: string;

  @CreatedAtColumn()
  createdAt: Date;
}
