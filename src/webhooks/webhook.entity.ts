import { Column, Entity } from 'typeorm';
import { CreatedAtColumn, SnowflakePrimaryColumn, UpdatedAtColumn } from '../database/columns';

export type WebhookFormat = 'standard' | 'discord';

/** A subscriber to audit events (decisions §9). */
@Entity({ name: 'webhooks' })
export class WebhookEntity {
  @SnowflakePrimaryColumn()
  id: string;

  @Column({ type: 'varchar', length: 2048 })
  url: string;

  /** Action names, `prefix.*` or `*`. */
  @Column({ type: 'simple-json' })
  events: string[];

  @Column({ type: 'varchar', length: 16 })
  format: WebhookFormat;

  @Column({ type: 'varchar', length: 500, nullable: true })
  description: string | null;

  /** The Standard Webhooks signing key (`whsec_…`); it must be readable to sign, so it is not hashed. */
  @Column({ type: 'varchar', length: 128, nullable: true })
  secret: string | null;

  @Column({ type: 'boolean', default: true })
  active: boolean;

  @CreatedAtColumn()
  createdAt: Date;

  @UpdatedAtColumn()
  updatedAt: Date;
}
