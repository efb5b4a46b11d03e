import { Controller, Get, Headers, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { DevOAuthServers, type DevOAuthServer } from './dev-oauth-server';
import { DevProviderController } from './dev-provider.controller';

/** The development stand-in for the game platform's OpenID Connect provider (decisions §3). */
@ApiExcludeController()
@Controller('dev/gameplatform')
export class GameplatformDevController extends DevProviderController {
  protected readonly server: DevOAuthServer;

  constructor(servers: DevOAuthServers) {
    super();
    this.server = servers.of('gameplatform');
  }

  @Get('oauth/userinfo')
  profile(@Headers('authorization') authorization: string | undefined, @Res() response: Response): Promise<void> {
    return this.sendProfile(authorization, response);
  }
}
