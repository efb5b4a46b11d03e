import { Entity, ForeignKey, Index } from 'typeorm';
import { ByteOrderPrimaryColumn, SnowflakePrimaryColumn } from '../database/columns';

/**
 * A chat username or display name of a user as a search key (`chatNameTerms`): the staff search
 * finds a user by the prefix of either with one index range, however many users there are.
 */
@Entity({ name: 'user_name_terms' })
@Index('IDX_user_name_terms_user', ['userId', 'term'])
export class UserNameTermEntity {
  @ByteOrderPrimaryColumn({ length: 128 })
  term: string;

  @ForeignKey('users', { name: 'user_name_terms_userId_fkey', onDelete: 'CASCADE' })
  @SnowflakePrimaryColumn()
  userId: string;
}
