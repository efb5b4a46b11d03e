import { createHash } from 'node:crypto';
import { Controller, Get, Req, Res } from '@nestjs/common';
import { ApiNotModifiedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { NationalityListJson } from './character.schema';
import { NATIONALITIES } from './nationalities';

/** The list never changes while the process runs: serialized, and its ETag made, once. */
const BODY = Buffer.from(JSON.stringify({ nationalities: NATIONALITIES }));
const ETAG = `"${createHash('sha256').update(BODY).digest('base64url')}"`;
const BODY_HEADERS = { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': BODY.length };

@ApiTags('characters')
@Controller('nationalities')
export class NationalitiesController {
  /** The accepted `nationality` values (decisions §4.22), for a website's picker. No sign-in needed. */
  @Get()
  @ApiOkResponse({ type: NationalityListJson, description: 'Sorted by `nombre`; input matches `nombre` (case and accents ignored) or `abrev`.' })
  @ApiNotModifiedResponse({ description: '`If-None-Match` matched the ETag.' })
  list(@Req() request: Request, @Res() response: Response): void {
    response.setHeader('Cache-Control', 'public, max-age=86400');
    response.setHeader('ETag', ETAG);
    if (request.fresh) {
      response.writeHead(304).end();
      return;
    }
    response.writeHead(200, BODY_HEADERS).end(BODY);
  }
}
