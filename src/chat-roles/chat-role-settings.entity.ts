import { Column, Entity, PrimaryColumn } from 'typeorm';
import { TimestampColumn, UpdatedAtColumn } from '../database/columns';

/** One chat role's bits: holding the role grants them (decisions §15). */
export interface RoleMapping {
  chatRoleId: string;
  permissions: number;
}

/** The community's one set of role mappings and membership rules; the PUT replaces it whole. */
@Entity({ name: 'chat_role_settings' })
export class ChatRoleSettingsEntity {
  /** Always 1: there is one set. */
  @PrimaryColumn({ type: 'integer' })
  id: number;

  @Column({ type: 'simple-json' })
  mappings: RoleMapping[];

  @Column({ type: 'boolean', default: false })
  requireMembership: boolean;

  @Column({ type: 'simple-json' })
  requiredRoleIds: string[];

  /** When the latest sweep started, so instances taking turns never sweep twice in one interval. */
  @TimestampColumn({ nullable: true })
  sweptAt: Date | null;

  @UpdatedAtColumn()
  updatedAt: Date;
}
