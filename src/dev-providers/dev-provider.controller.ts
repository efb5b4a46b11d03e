import { Body, Get, Headers, HttpCode, Post, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import type { DevOAuthServer, DevResponse } from './dev-oauth-server';

/**
 * The authorize and token routes every development provider shares; each provider's controller
 * names its path and adds its own profile route.
 */
export abstract class DevProviderController {
  protected abstract readonly server: DevOAuthServer;

  @Get('oauth/authorize')
  page(@Query() query: Record<string, unknown>, @Res() response: Response): void {
    send(response, this.server.page(query));
  }

  @Post('oauth/authorize')
  async authorize(@Body() form: unknown, @Res() response: Response): Promise<void> {
    send(response, await this.server.authorize(asRecord(form)));
  }

  @Post('oauth/token')
  @HttpCode(200)
  async token(@Body() form: unknown, @Headers('authorization') authorization: string | undefined, @Res() response: Response): Promise<void> {
    send(response, await this.server.token(asRecord(form), authorization));
  }

  protected async sendProfile(authorization: string | undefined, response: Response): Promise<void> {
    send(response, await this.server.profile(authorization));
  }
}

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

export function send(response: Response, answer: DevResponse): void {
  response.setHeader('Cache-Control', 'no-store');
  if (answer.kind === 'redirect') return response.redirect(302, answer.location);
  if (answer.kind === 'json') {
    response.status(answer.status).json(answer.body);
    return;
  }
  response.setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'");
  response.status(answer.status).type('html').send(answer.html);
}
