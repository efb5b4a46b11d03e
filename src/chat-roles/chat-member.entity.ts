import { Column, Entity, ForeignKey, Index } from 'typeorm';
import { SnowflakePrimaryColumn, TimestampColumn } from '../database/columns';

/**
 * What the chat provider last said about a user's membership of the community, and when the user
 * last signed in through it: the sweep reads those signed in lately, and sign-in falls back on the
 * last answer while the provider cannot be reached (decisions §15).
 */
@Entity({ name: 'chat_members' })
@Index('IDX_chat_members_signed_in', ['signedInAt'])
export class ChatMemberEntity {
  @ForeignKey('users', { name: 'chat_members_userId_fkey', onDelete: 'CASCADE' })
  @SnowflakePrimaryColumn()
  userId: string;

  @Column({ type: 'varchar', length: 128 })
  chatUserId: string;

  @TimestampColumn()
  signedInAt: Date;

  /** The member's role ids at the latest answer; null when that answer was "not a member" or none came yet. */
  @Column({ type: 'simple-json', nullable: true })
  roleIds: string[] | null;

  /** When the chat provider last answered about the user (member or not); a failed call leaves it. Null: never. */
  @TimestampColumn({ nullable: true })
  syncedAt: Date | null;

  /** Still in the community's membership screening at the latest answer. */
  @Column({ type: 'boolean', default: false })
  pending: boolean;
}
