import { createHash } from 'node:crypto';
import { Controller, Get, Headers, Res } from '@nestjs/common';
import { ApiNotModifiedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { matchesEtag } from '../common/http/etag';
import { JSON_CONTENT_TYPE } from '../common/http/json-response';
import { NationalityListBody } from './character.schema';
import { NATIONALITIES } from './nationalities';

/** The list never changes while the process runs: serialized, and its ETag made, once. */
const BODY = Buffer.from(JSON.stringify({ nationalities: NATIONALITIES }));
const ETAG = `"${createHash('sha256').update(BODY).digest('base64url')}"`;
const NOT_MODIFIED_HEADERS = { 'Cache-Control': 'public, max-age=86400', ETag: ETAG };
const HEADERS = { ...NOT_MODIFIED_HEADERS, 'Content-Type': JSON_CONTENT_TYPE, 'Content-Length': BODY.length };

@ApiTags('characters')
@Controller('nationalities')
export class NationalitiesController {
  /** The accepted `nationality` values (decisions §4.22), for a website's picker. No sign-in needed. */
  @Get()
  @ApiOkResponse({ type: NationalityListBody, description: 'Sorted by `nombre`; input matches `nombre` (case and accents ignored) or `abrev`.' })
  @ApiNotModifiedResponse({ description: '`If-None-Match` matched the ETag.' })
  list(@Headers('if-none-match') ifNoneMatch: string | undefined, @Res() response: Response): void {
    if (matchesEtag(ifNoneMatch, ETAG)) {
      response.writeHead(304, NOT_MODIFIED_HEADERS).end();
      return;
    }
    response.writeHead(200, HEADERS).end(BODY);
  }
}
