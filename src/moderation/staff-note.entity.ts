import { Column, Entity, ForeignKey, Index } from 'typeorm';
import { CreatedAtColumn, SnowflakeColumn, SnowflakePrimaryColumn, UpdatedAtColumn } from '../database/columns';

/** A staff member's note about a user; never shown to that user. */
@Entity({ name: 'staff_notes' })
@Index('IDX_staff_notes_user', ['userId', 'id'])
export class StaffNoteEntity {
  @SnowflakePrimaryColumn()
  id: string;

  @ForeignKey('users', { name: 'staff_notes_userId_fkey', onDelete: 'CASCADE' })
  @SnowflakeColumn()
  userId: string;

  @SnowflakeColumn()
  authorId: string;

  @Column({ type: 'varchar', length: 2000 })
  body: string;

  @Column({ type: 'boolean', default: false })
  pinned: boolean;

  @CreatedAtColumn()
  createdAt: Date;

  @UpdatedAtColumn()
  updatedAt: Date;
}
