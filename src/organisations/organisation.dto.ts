import { applyDecorators, Param } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional, PickType } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  ArrayUnique,
  IsArray,
  IsIn,
  IsInt,
  IsObject,
  IsString,
  Length,
  Matches,
  Max,
  Min,
  ValidateBy,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { InvalidBody } from '../common/errors/domain-error';
import { CursorQueryDto } from '../common/pagination';
import { IsSnowflakeId, isSnowflake, ParseSnowflakePipe, SnowflakeOrNonePipe } from '../common/ids';
import { ORGANISATION_TYPES, type OrganisationType } from './organisation.entity';
import { UnknownOrganisation } from './organisation.errors';
import { type Right, RIGHTS } from './rights';

export const MAX_GRADES = 20;
export const MAX_SALARY = 1_000_000_000;

/** `:organisationId`; a malformed one is an unknown organisation. */
export const OrganisationIdParam = () => Param('organisationId', new ParseSnowflakePipe(() => new UnknownOrganisation()));
/** `:characterId` of a member; a malformed one is answered like an unknown member. */
export const MemberIdParam = () => Param('characterId', new SnowflakeOrNonePipe());

/** One line of text without C0 control characters (decisions §13). */
export const PlainText = (min: number, max: number) =>
  applyDecorators(
    IsString(),
    Length(min, max),
    Matches(/^[^\p{Cc}]*$/u, { message: '$property must not hold control characters' }),
  );

const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** Optional means absent: an explicit null is a wrong type, not "unchanged". */
export const Absent = () => ValidateIf((_object, value) => value !== undefined);

export class GradeDto {
  @ApiProperty({ minLength: 1, maxLength: 32, example: 'Agente' })
  @Transform(trimmed)
  @PlainText(1, 32)
  name: string;

  @ApiProperty({ minimum: 0, maximum: MAX_SALARY, example: 500, description: 'Paid by each payroll' })
  @IsInt()
  @Min(0)
  @Max(MAX_SALARY)
  salary: number;

  @ApiProperty({ enum: RIGHTS, isArray: true, description: 'The top grade holds every right whatever is sent' })
  @IsArray()
  @ArrayUnique()
  @IsIn(RIGHTS, { each: true })
  rights: Right[];
}

const Grades = () =>
  applyDecorators(
    ApiProperty({
      type: [GradeDto],
      minItems: 1,
      maxItems: MAX_GRADES,
      description: 'From the lowest to the highest (the boss grade); `grade` is the index',
      example: [
        { name: 'Agente', salary: 500, rights: ['issue_fines', 'view_treasury'] },
        { name: 'Jefe', salary: 1200, rights: [] },
      ],
    }),
    IsArray(),
    ArrayMinSize(1),
    ArrayMaxSize(MAX_GRADES),
    IsObject({ each: true }),
    ValidateNested({ each: true }),
    Type(() => GradeDto),
  );

const OrganisationName = () => applyDecorators(Transform(trimmed), PlainText(2, 64));

export class CreateOrganisationDto {
  @ApiProperty({ minLength: 2, maxLength: 64, description: 'Unique ignoring case', example: 'Policía de Los Santos' })
  @OrganisationName()
  name: string;

  @ApiProperty({ enum: ORGANISATION_TYPES })
  @IsIn(ORGANISATION_TYPES)
  type: OrganisationType;

  @Grades()
  grades: GradeDto[];

  @ApiPropertyOptional({ description: 'An approved, not ended character: the first member, at the boss grade', example: '384900000000000001' })
  @Absent()
  @IsSnowflakeId()
  bossCharacterId?: string;
}

export class UpdateOrganisationDto {
  @ApiPropertyOptional({ minLength: 2, maxLength: 64 })
  @Absent()
  @OrganisationName()
  name?: string;

  @ApiPropertyOptional({ type: [GradeDto], description: 'The whole new list; members keep their grade number, bosses the top' })
  @Absent()
  @Grades()
  grades?: GradeDto[];
}

/** A query parameter holding an id: a malformed one (or one past 2^63−1) is a 400, never a query. */
export const IdQuery = (name: string) =>
  applyDecorators(Absent(), ValidateBy({ name: 'isId', validator: { validate: isSnowflake, defaultMessage: () => `${name} must be an id` } }));

/** Lists paged by `?cursor=<nextCursor>&limit=`. */
export class CursorListQueryDto extends PickType(CursorQueryDto, ['limit']) {
  @ApiPropertyOptional({ description: '`nextCursor` of the previous page' })
  @IdQuery('cursor')
  cursor?: string;
}

export class OrganisationListQueryDto extends CursorListQueryDto {
  @ApiPropertyOptional({ enum: ORGANISATION_TYPES })
  @Absent()
  @IsIn(ORGANISATION_TYPES)
  type?: OrganisationType;
}

export class HireDto {
  @ApiProperty({ description: 'An approved, not ended character', example: '384900000000000002' })
  @IsSnowflakeId()
  characterId: string;

  @ApiProperty({ minimum: 0, maximum: MAX_GRADES - 1, example: 0, description: 'Strictly below the actor\'s own grade' })
  @IsInt()
  @Min(0)
  @Max(MAX_GRADES - 1)
  grade: number;
}

export class PromoteDto {
  @ApiProperty({ minimum: 0, maximum: MAX_GRADES - 1, description: 'The new grade, up or down' })
  @IsInt()
  @Min(0)
  @Max(MAX_GRADES - 1)
  grade: number;
}

/** An update must change something: an empty body is a 400. */
export function assertAnyChange(dto: UpdateOrganisationDto, hasIcon: boolean): void {
  if (hasIcon || dto.name !== undefined || dto.grades !== undefined) return;
  throw new InvalidBody([{ field: 'body', message: 'send at least one of name, grades, icon' }]);
}
