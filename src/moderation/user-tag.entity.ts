import { Entity, ForeignKey, Index, PrimaryColumn } from 'typeorm';
import { CreatedAtColumn, SnowflakePrimaryColumn } from '../database/columns';

/** One staff tag on one user (`STAFF_TAGS`); the tag-first key serves "every user tagged x". */
@Entity({ name: 'user_tags' })
@Index('IDX_user_tags_user', ['userId'])
export class UserTagEntity {
  @PrimaryColumn({ type: 'varchar', length: 32 })
  tag: string;

  @ForeignKey('users', { name: 'user_tags_userId_fkey', onDelete: 'CASCADE' })
  @SnowflakePrimaryColumn()
  userId: string;

  @CreatedAtColumn()
  createdAt: Date;
}
