import { Entity, ForeignKey, Index } from 'typeorm';
import { ByteOrderPrimaryColumn, SnowflakePrimaryColumn } from '../database/columns';

/**
 * One word of a character's first or last names as a search key (`searchWords`): the staff search
 * finds a character by the prefix of any word with one index range, at any number of characters.
 */
@Entity({ name: 'character_name_words' })
@Index('IDX_character_name_words_character', ['characterId', 'word'])
export class CharacterNameWordEntity {
  @ByteOrderPrimaryColumn({ length: 50 })
  word: string;

  @ForeignKey('characters', { name: 'character_name_words_characterId_fkey', onDelete: 'CASCADE' })
  @SnowflakePrimaryColumn()
  characterId: string;
}
