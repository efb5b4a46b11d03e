import { Column, Entity, ForeignKey, Index } from 'typeorm';
import { CreatedAtColumn, MoneyColumn, SnowflakeColumn, SnowflakePrimaryColumn } from '../database/columns';

/** One payroll: its transfers are in money's ledger, its answer under its idempotency key. */
@Entity({ name: 'payroll_runs' })
@Index('IDX_payroll_runs_organisation', ['organisationId', 'id'])
export class PayrollRunEntity {
  @SnowflakePrimaryColumn()
  id: string;

  @ForeignKey('organisations', { name: 'payroll_runs_organisationId_fkey' })
  @SnowflakeColumn()
  organisationId: string;

  @MoneyColumn()
  total: number;

  @Column({ type: 'integer' })
  paidCount: number;

  @Column({ type: 'varchar', length: 16 })
  actorType: 'user' | 'service_key';

  @SnowflakeColumn()
  actorId: string;

  @CreatedAtColumn()
  createdAt: Date;
}
