import { Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * A chat username or display name of a user as a search key (`chatNameTerms`): the staff search
 * finds a user by the prefix of either with one index range, however many users there are.
 */
@Entity({ name: 'user_name_terms' })
@Index('IDX_user_name_terms_user', ['userId', 'term'])
export class UserNameTermEntity {
  @PrimaryColumn({ type: 'varchar', length: 128 })
  term: string;

  @PrimaryColumn({ type: 'bigint' })
  userId: string;
}
