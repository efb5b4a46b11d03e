import { Controller, Get, Headers, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { DevOAuthServers, type DevOAuthServer } from './dev-oauth-server';
import { DevProviderController } from './dev-provider.controller';

/** The development stand-in for the chat provider (decisions §3). */
@ApiExcludeController()
@Controller('dev/chatapp')
export class ChatappDevController extends DevProviderController {
  protected readonly server: DevOAuthServer;

  constructor(servers: DevOAuthServers) {
    super();
    this.server = servers.of('chatapp');
  }

  @Get('users/@me')
  profile(@Headers('authorization') authorization: string | undefined, @Res() response: Response): Promise<void> {
    return this.sendProfile(authorization, response);
  }
}
