import { Column, Entity } from 'typeorm';
import { CreatedAtColumn, SnowflakeColumn, SnowflakePrimaryColumn, UpdatedAtColumn } from '../database/columns';

@Entity({ name: 'users' })
export class UserEntity {
  @SnowflakePrimaryColumn()
  id: string;

  /** Bitfield of `Permission` bits. */
  @Column({ type: 'integer' })
  permissions: number;

  @Column({ type: 'integer' })
  maxCharacters: number;

  @SnowflakeColumn({ nullable: true })
  activeCharacterId: string | null;

  @CreatedAtColumn()
  createdAt: Date;

  @UpdatedAtColumn()
  updatedAt: Date;
}
