import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsString, Length, Matches, Max, Min, ValidateBy, ValidateIf } from 'class-validator';
import { avatar3dProblem } from './avatar3d';
import { EARLIEST_BIRTH_YEAR, isBirthDate, isoDatePart } from './birth-date';
import { BLOOD_TYPES, type BloodType, GENDERS, type Gender } from './character.entity';
import { findNationality } from './nationalities';

/** Letters of any script (with their combining marks), spaces, apostrophes, hyphens and dots; one letter at least. */
const NAME_PATTERN = /^(?=.*\p{L})[\p{L}\p{M}' .-]+$/u;
export const NAME_LENGTH = { min: 2, max: 50 } as const;
export const AGE_RANGE = { min: 1, max: 120 } as const;
export const HEIGHT_CM_RANGE = { min: 50, max: 272 } as const;

function PersonName(example: string) {
  return applyDecorators(
    ApiProperty({ example, minLength: NAME_LENGTH.min, maxLength: NAME_LENGTH.max, description: 'trimmed' }),
    Transform(({ value }) => (typeof value === 'string' ? value.trim() : value)),
    IsString(),
    Length(NAME_LENGTH.min, NAME_LENGTH.max),
    Matches(NAME_PATTERN, { message: '$property may hold only letters, spaces, apostrophes, hyphens and dots' }),
  );
}

/** Input matches a nationality's `nombre` (case and accents ignored) or its `abrev`; it becomes the `abrev`. */
function Nationality() {
  return applyDecorators(
    ApiProperty({ example: 'Argentino', description: 'a `nombre` or `abrev` of GET /v1/nationalities' }),
    Transform(({ value }) => (typeof value === 'string' ? (findNationality(value)?.abrev ?? value) : value)),
    ValidateBy({
      name: 'isNationality',
      validator: {
        validate: (value) => typeof value === 'string' && findNationality(value) !== undefined,
        defaultMessage: () => 'nationality must be on the list of GET /v1/nationalities',
      },
    }),
  );
}

/** An ISO 8601 date, or a timestamp whose date part is taken as written. */
function BirthDate() {
  return applyDecorators(
    ApiProperty({ example: '1995-04-12', description: `ISO 8601 date, ${EARLIEST_BIRTH_YEAR} to today` }),
    Transform(({ value }) => isoDatePart(value) ?? value),
    ValidateBy({
      name: 'isBirthDate',
      validator: {
        validate: (value) => isBirthDate(value),
        defaultMessage: () => `dob must be an ISO 8601 date (YYYY-MM-DD) of a real day from ${EARLIEST_BIRTH_YEAR} to today`,
      },
    }),
  );
}

function IntegerIn(range: { min: number; max: number }, example: number, description: string) {
  return applyDecorators(
    ApiProperty({ example, minimum: range.min, maximum: range.max, description }),
    IsInt(),
    Min(range.min),
    Max(range.max),
  );
}

export class CreateCharacterDto {
  @PersonName('Ana María')
  firstNames: string;

  @PersonName('García López')
  lastNames: string;

  @IntegerIn(AGE_RANGE, 30, 'years')
  age: number;

  @IntegerIn(HEIGHT_CM_RANGE, 170, 'centimetres')
  height: number;

  @ApiProperty({ enum: GENDERS })
  @IsIn(GENDERS)
  gender: Gender;

  @ApiProperty({ enum: BLOOD_TYPES })
  @IsIn(BLOOD_TYPES)
  bloodType: BloodType;

  @Nationality()
  nationality: string;

  @BirthDate()
  dob: string;
}

/** Every field optional, none nullable (`null` is refused, not skipped). */
export class UpdateCharacterDto extends PartialType(CreateCharacterDto, { skipNullProperties: false }) {
  @ApiPropertyOptional({
    description: 'JSON string: {camera: {position: {x,y,z}, direction: {x,y,z}, fov}, aabb: {min: {x,y,z}, max: {x,y,z}}}',
  })
  @ValidateIf((_, value) => value !== undefined)
  @IsString()
  @ValidateBy({
    name: 'isAvatar3d',
    validator: {
      // Non-strings are IsString's to report.
      validate: (value) => typeof value !== 'string' || avatar3dProblem(value) === undefined,
      defaultMessage: (args) => `avatar3D ${avatar3dProblem(String(args?.value))}`,
    },
  })
  avatar3D?: string;
}

