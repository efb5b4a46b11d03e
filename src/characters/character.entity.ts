import { Check, Column, Entity, ForeignKey, Index } from 'typeorm';
import {
  CreatedAtColumn,
  SnowflakeColumn,
  SnowflakePrimaryColumn,
  TimestampColumn,
  UpdatedAtColumn,
} from '../database/columns';

export const ID_STATUSES = ['draft', 'pending_approval', 'approved', 'retired', 'deceased'] as const;
/** End states (decisions §11): read-only, frozen money, no longer counted toward `maxCharacters`. */
export const ENDED_STATUSES = ['retired', 'deceased'] as const;
export type IdStatus = (typeof ID_STATUSES)[number];
export const GENDERS = ['Masculino', 'Femenino'] as const;
export type Gender = (typeof GENDERS)[number];
export const BLOOD_TYPES = ['O+', 'O-', 'A+', 'A-', 'B+', 'B-', 'AB+', 'AB-'] as const;
export type BloodType = (typeof BLOOD_TYPES)[number];

export interface Vector3 {
  x: number;
  y: number;
  z: number;
}
export interface Avatar3dCamera {
  position: Vector3;
  direction: Vector3;
  fov: number;
}
export interface Avatar3dAabb {
  min: Vector3;
  max: Vector3;
}

@Entity({ name: 'characters' })
@Index('IDX_characters_user', ['userId', 'createdAt'])
@Index('IDX_characters_status_submitted', ['idStatus', 'submittedAt', 'id'])
@Index('IDX_characters_status_id', ['idStatus', 'id'])
@Check('characters_idStatus_check', `"idStatus" IN (${ID_STATUSES.map((status) => `'${status}'`).join(', ')})`)
export class CharacterEntity {
  @SnowflakePrimaryColumn()
  id: string;

  @ForeignKey('users', { name: 'characters_userId_fkey', onDelete: 'CASCADE' })
  @SnowflakeColumn()
  userId: string;

  @Column({ type: 'varchar', length: 50 })
  firstNames: string;

  @Column({ type: 'varchar', length: 50 })
  lastNames: string;

  @Column({ type: 'integer' })
  age: number;

  /** Centimetres. */
  @Column({ type: 'integer' })
  height: number;

  @Column({ type: 'varchar', length: 16 })
  gender: Gender;

  @Column({ type: 'varchar', length: 3 })
  bloodType: BloodType;

  /** The `abrev` code of the nationality. */
  @Column({ type: 'varchar', length: 8 })
  nationality: string;

  /** ISO date `YYYY-MM-DD`; shown as `DD/MM/YYYY`. */
  @Column({ type: 'varchar', length: 10 })
  dob: string;

  @Column({ type: 'varchar', length: 80, nullable: true })
  avatarHash: string | null;

  @Column({ type: 'varchar', length: 80, nullable: true })
  idCardHash: string | null;

  @Column({ type: 'varchar', length: 80, nullable: true })
  fullBodyHash: string | null;

  @Column({ type: 'varchar', length: 80, nullable: true })
  avatar3dHash: string | null;

  @Column({ type: 'simple-json', nullable: true })
  avatar3dCamera: Avatar3dCamera | null;

  @Column({ type: 'simple-json', nullable: true })
  avatar3dAABB: Avatar3dAabb | null;

  /** `data:image/png;base64,…` of the signature PNG. */
  @Column({ type: 'text', nullable: true })
  signatureData: string | null;

  @Column({ type: 'varchar', length: 20, default: 'draft' })
  idStatus: IdStatus;

  @TimestampColumn({ nullable: true })
  submittedAt: Date | null;

  @Column({ type: 'varchar', length: 500, nullable: true })
  reviewNote: string | null;

  @CreatedAtColumn()
  createdAt: Date;

  @UpdatedAtColumn()
  updatedAt: Date;
}
