import { Check, Column, Entity, Index } from 'typeorm';
import { CreatedAtColumn, MoneyColumn, SnowflakePrimaryColumn, UpdatedAtColumn } from '../database/columns';

export const ORGANISATION_TYPES = ['job', 'faction', 'business'] as const;
export type OrganisationType = (typeof ORGANISATION_TYPES)[number];

/** A job, faction or business; its treasury's balance lives on its row, like a wallet's. */
@Entity({ name: 'organisations' })
@Index('UQ_organisations_name_key', ['nameKey'], { unique: true })
@Index('IDX_organisations_type', ['type', 'id'])
@Check('CHK_organisations_balance', '"balance" BETWEEN 0 AND 9007199254740991')
export class OrganisationEntity {
  @SnowflakePrimaryColumn()
  id: string;

  @Column({ type: 'varchar', length: 64 })
  name: string;

  /** The name lowercased: names are unique ignoring case (decisions §14). */
  @Column({ type: 'varchar', length: 64 })
  nameKey: string;

  @Column({ type: 'varchar', length: 16 })
  type: OrganisationType;

  @Column({ type: 'varchar', length: 80, nullable: true })
  iconHash: string | null;

  /** The treasury. */
  @MoneyColumn({ default: 0 })
  balance: number;

  @CreatedAtColumn()
  createdAt: Date;

  @UpdatedAtColumn()
  updatedAt: Date;
}
