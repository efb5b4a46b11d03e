import { createHash } from 'node:crypto';
import { Controller, Get, Res } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { NationalityListBody } from './character.schema';
import { NATIONALITIES } from './nationalities';

/** The list never changes while the process runs: serialized, and its ETag made, once. */
const BODY = Buffer.from(JSON.stringify({ nationalities: NATIONALITIES }));
const ETAG = `"${createHash('sha256').update(BODY).digest('base64url')}"`;

@ApiTags('characters')
@Controller('nationalities')
export class NationalitiesController {
  /** The accepted `nationality` values (decisions §4.22), for a website's picker. No sign-in needed. */
  @Get()
  @ApiOkResponse({ type: NationalityListBody, description: 'Sorted by `nombre`; input matches `nombre` (case and accents ignored) or `abrev`.' })
  list(@Res() response: Response): void {
    // Express answers 304 itself when If-None-Match names this ETag.
    response.set({ 'Cache-Control': 'public, max-age=86400', 'Content-Type': 'application/json; charset=utf-8', ETag: ETAG });
    response.send(BODY);
  }
}
