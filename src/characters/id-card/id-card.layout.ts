/** What an ID card shows, already in display form. */
export interface IdCardFacts {
  characterId: string;
  firstNames: string;
  lastNames: string;
  /** `DD/MM/YYYY` */
  dob: string;
  age: number;
  gender: string;
  nationality: string;
  bloodType: string;
  /** Centimetres. */
  height: number;
  /** `DD/MM/YYYY` */
  issuedOn: string;
}

export type FontName = 'regular' | 'bold' | 'mono';

export interface PlacedText {
  text: string;
  font: FontName;
  /** Points at 72 dpi, i.e. pixels. */
  size: number;
  color: string;
  /** Wider text is scaled down to fit. */
  maxWidth: number;
  left: number;
  top: number;
}

export const ID_CARD_WIDTH = 1012;
export const ID_CARD_HEIGHT = 638;
export const HEADER_HEIGHT = 104;
export const PHOTO = { left: 40, top: 132, width: 264, height: 330 } as const;
export const SIGNATURE_BOX = { left: 580, top: 436, width: 390, height: 96 } as const;
export const PHOTO_BACKGROUND = '#dfe6ee';

const INK = '#1b2733';
const LABEL_INK = '#5b6b7c';
const COLUMN = { left: 340, second: 580, third: 760, width: 632 } as const;
/** Top of each row of fields; a value sits VALUE_GAP px below its label. */
const ROWS = [132, 206, 282, 350, 418] as const;
const VALUE_GAP = 20;
const NUMBER_TOP = PHOTO.top + PHOTO.height + 18;

function label(text: string, left: number, top: number, maxWidth = 220): PlacedText {
  return { text, font: 'bold', size: 13, color: LABEL_INK, maxWidth, left, top };
}

function value(text: string, left: number, row: number, size = 24, maxWidth = 220): PlacedText {
  return { text, font: 'regular', size, color: INK, maxWidth, left, top: ROWS[row] + VALUE_GAP };
}

/** The card's fixed wording, the same on every card. */
export function fixedTexts(): PlacedText[] {
  const { left, second, third } = COLUMN;
  return [
    { text: 'DOCUMENTO DE IDENTIDAD', font: 'bold', size: 34, color: '#ffffff', maxWidth: 640, left: 40, top: 26 },
    { text: 'REGISTRO CIVIL DE PERSONAJES', font: 'regular', size: 15, color: '#c9d6e6', maxWidth: 640, left: 42, top: 70 },
    label('APELLIDOS', left, ROWS[0]),
    label('NOMBRES', left, ROWS[1]),
    label('FECHA DE NACIMIENTO', left, ROWS[2]),
    label('EDAD', second, ROWS[2], 160),
    label('SEXO', third, ROWS[2]),
    label('NACIONALIDAD', left, ROWS[3]),
    label('GRUPO SANGUÍNEO', second, ROWS[3], 170),
    label('ESTATURA', third, ROWS[3]),
    label('FECHA DE EXPEDICIÓN', left, ROWS[4]),
    label('FIRMA', second, ROWS[4]),
    label('Nº DE DOCUMENTO', PHOTO.left, NUMBER_TOP, PHOTO.width),
  ];
}

/** The character's own data and where it goes. */
export function valueTexts(facts: IdCardFacts): PlacedText[] {
  const { left, second, third, width } = COLUMN;
  return [
    value(facts.lastNames, left, 0, 32, width),
    value(facts.firstNames, left, 1, 32, width),
    value(facts.dob, left, 2),
    value(`${facts.age} años`, second, 2, 24, 160),
    value(facts.gender, third, 2),
    value(facts.nationality, left, 3, 24, 230),
    value(facts.bloodType, second, 3, 24, 160),
    value(`${facts.height} cm`, third, 3),
    value(facts.issuedOn, left, 4),
    { text: facts.characterId, font: 'mono', size: 22, color: INK, maxWidth: PHOTO.width, left: PHOTO.left, top: NUMBER_TOP + 20 },
  ];
}
