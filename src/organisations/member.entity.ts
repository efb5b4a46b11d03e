import { Column, Entity, ForeignKey, Index } from 'typeorm';
import { CreatedAtColumn, SnowflakeColumn, SnowflakePrimaryColumn } from '../database/columns';

/** A character in an organisation at a grade. Leaving deletes the row; the audit log keeps the history. */
@Entity({ name: 'organisation_members' })
@Index('IDX_organisation_members_character', ['characterId'])
export class MemberEntity {
  @ForeignKey('organisations', { name: 'organisation_members_organisationId_fkey' })
  @SnowflakePrimaryColumn()
  organisationId: string;

  @ForeignKey('characters', { name: 'organisation_members_characterId_fkey' })
  @SnowflakePrimaryColumn()
  characterId: string;

  /** The character's owner, kept so lists and rights need no join into characters. */
  @SnowflakeColumn()
  userId: string;

  @Column({ type: 'integer' })
  grade: number;

  @CreatedAtColumn()
  joinedAt: Date;
}
