import type { BloodType, Gender } from '../../characters/character.entity';
import { Permission } from '../../common/permissions/permission';

/** What the demo makes of a character: its end state in the community. */
export type DemoFate = 'draft' | 'pending_approval' | 'rejected' | 'approved' | 'retired' | 'deceased';

export interface DemoCharacter {
  firstNames: string;
  lastNames: string;
  age: number;
  height: number;
  gender: Gender;
  bloodType: BloodType;
  nationality: string;
  dob: string;
  fate: DemoFate;
}

export interface DemoPerson {
  /** The chat username: signing in with it through the development provider is this person. */
  username: string;
  displayName: string;
  permissions: number;
  /** Linked game-platform account (its avatar art comes from its id), when the person plays. */
  plays: boolean;
  characters: DemoCharacter[];
}

const character = (
  firstNames: string,
  lastNames: string,
  gender: Gender,
  dob: string,
  nationality: string,
  fate: DemoFate,
  bloodType: BloodType = 'O+',
): DemoCharacter => ({
  firstNames,
  lastNames,
  gender,
  dob,
  nationality,
  fate,
  bloodType,
  age: 2026 - Number(dob.slice(0, 4)),
  height: gender === 'Femenino' ? 165 : 178,
});

const STAFF_BITS = Permission.USER | Permission.STAFF;

/** A small community: its staff, its regular players, a newcomer and a troublemaker. */
export const DEMO_PEOPLE: DemoPerson[] = [
  { username: 'admin', displayName: 'Administración', permissions: STAFF_BITS | Permission.MODERATOR_CHIEF | Permission.ADMINISTRATOR | Permission.SERVICE_ADMINISTRATOR, plays: false, characters: [] },
  {
    username: 'lucia_mod',
    displayName: 'Lucía (moderación)',
    permissions: STAFF_BITS | Permission.MODERATOR_CHIEF,
    plays: true,
    characters: [character('Lucía', 'Herrera Campos', 'Femenino', '1991-02-14', 'ESP', 'approved', 'A+')],
  },
  { username: 'tomas_staff', displayName: 'Tomás', permissions: STAFF_BITS, plays: true, characters: [character('Tomás', 'Quiroga', 'Masculino', '1988-09-30', 'ARG', 'approved')] },
  {
    username: 'marta_rp',
    displayName: 'Márta',
    permissions: Permission.USER,
    plays: true,
    characters: [
      character('Marta', 'Sánchez Ruiz', 'Femenino', '1996-05-21', 'MEX', 'approved', 'B+'),
      character('Elena', 'Sánchez Ruiz', 'Femenino', '1970-11-02', 'MEX', 'deceased', 'B-'),
      character('Paula', 'Ibáñez', 'Femenino', '2001-07-08', 'CHL', 'draft'),
    ],
  },
  {
    username: 'diego_games',
    displayName: 'Diego',
    permissions: Permission.USER,
    plays: true,
    characters: [
      character('Diego', 'Fernández', 'Masculino', '1993-03-03', 'COL', 'approved', 'AB+'),
      character('Óscar', 'Fernández Mora', 'Masculino', '1958-12-24', 'COL', 'retired'),
      // A second living character, so one person can hire their own second character (docs/organisations.md).
      character('Andrés', 'Fernández', 'Masculino', '1997-07-15', 'COL', 'approved', 'AB+'),
    ],
  },
  {
    username: 'sofia.m',
    displayName: 'Sofía',
    permissions: Permission.USER,
    plays: true,
    characters: [
      character('Sofía', 'Martínez', 'Femenino', '1999-10-10', 'PER', 'approved', 'O-'),
      character('Valentina', 'Rojas', 'Femenino', '2000-01-19', 'PER', 'pending_approval'),
    ],
  },
  {
    username: 'joaquin_v',
    displayName: 'Joaquín',
    permissions: Permission.USER,
    plays: true,
    characters: [
      character('Joaquín', 'Vidal', 'Masculino', '1985-06-17', 'URY', 'approved', 'A-'),
      character('Mateo', 'Vidal Soto', 'Masculino', '2004-04-04', 'URY', 'rejected'),
    ],
  },
  { username: 'nuevo_jugador', displayName: 'Nico', permissions: Permission.USER, plays: true, characters: [character('Nicolás', 'Peña', 'Masculino', '2002-08-29', 'ESP', 'pending_approval')] },
  { username: 'ruben_x', displayName: 'Rubén', permissions: Permission.USER, plays: true, characters: [character('Rubén', 'Castro', 'Masculino', '1990-12-01', 'VEN', 'approved')] },
  { username: 'solo_chat', displayName: 'Carmen', permissions: Permission.USER, plays: false, characters: [] },
];
