import { Column, Entity, ForeignKey, Index } from 'typeorm';
import { CreatedAtColumn, SnowflakeColumn, SnowflakePrimaryColumn, TimestampColumn, UpdatedAtColumn } from '../database/columns';

export type ProviderName = 'chatapp' | 'gameplatform';
export const PROVIDER_NAMES: readonly ProviderName[] = ['chatapp', 'gameplatform'];

/**
 * A user's account on an external OAuth provider; one external account links to one user at a
 * time. An unlinked link is kept with its `unlinkedAt` (the staff dossier shows past links, and a
 * banned user's game account stays refused after it is unlinked).
 */
@Entity({ name: 'provider_links' })
@Index('UQ_provider_links_external', ['providerName', 'externalId'], { unique: true, where: '"unlinkedAt" IS NULL' })
@Index('UQ_provider_links_user_provider', ['userId', 'providerName'], { unique: true, where: '"unlinkedAt" IS NULL' })
@Index('IDX_provider_links_external_all', ['providerName', 'externalId'])
@Index('IDX_provider_links_user', ['userId'])
export class ProviderLinkEntity {
  @SnowflakePrimaryColumn()
  id: string;

  @ForeignKey('users', { name: 'provider_links_userId_fkey', onDelete: 'CASCADE' })
  @SnowflakeColumn()
  userId: string;

  @Column({ type: 'varchar', length: 16 })
  providerName: ProviderName;

  @Column({ type: 'varchar', length: 128 })
  externalId: string;

  @Column({ type: 'simple-json' })
  externalMetadata: Record<string, unknown>;

  @TimestampColumn({ nullable: true })
  unlinkedAt: Date | null;

  @CreatedAtColumn()
  createdAt: Date;

  @UpdatedAtColumn()
  updatedAt: Date;
}
