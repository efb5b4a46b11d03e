import { Column, Entity, ForeignKey, PrimaryColumn } from 'typeorm';
import { MoneyColumn, SnowflakePrimaryColumn } from '../database/columns';

/** One grade of an organisation; `grade` is its index from the lowest, 0. */
@Entity({ name: 'organisation_grades' })
export class GradeEntity {
  @ForeignKey('organisations', { name: 'organisation_grades_organisationId_fkey' })
  @SnowflakePrimaryColumn()
  organisationId: string;

  @PrimaryColumn({ type: 'integer' })
  grade: number;

  @Column({ type: 'varchar', length: 32 })
  name: string;

  @MoneyColumn()
  salary: number;

  /** The rights as a comma list; the top grade's are implied, whatever is stored. */
  @Column({ type: 'varchar', length: 128 })
  rights: string;
}
