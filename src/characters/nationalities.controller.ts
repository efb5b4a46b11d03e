import { Controller, Get, Header } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { NationalityListBody } from './character.schema';
import { NATIONALITIES } from './nationalities';

@ApiTags('characters')
@Controller('nationalities')
export class NationalitiesController {
  /** The accepted `nationality` values (decisions §4.22), for a website's picker. No sign-in needed. */
  @Get()
  @Header('Cache-Control', 'public, max-age=86400')
  @ApiOkResponse({ type: NationalityListBody, description: 'Sorted by `nombre`; input matches `nombre` (case and accents ignored) or `abrev`.' })
  list() {
    return { nationalities: NATIONALITIES };
  }
}
