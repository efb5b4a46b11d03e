import { Controller, Get, Headers, NotFoundException, Param, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { AppConfig } from '../config/config';
import { DevOAuthServers, type DevOAuthServer } from './dev-oauth-server';
import { DevProviderController, send } from './dev-provider.controller';

/** The development stand-in for the chat provider (decisions §3), its member endpoint included (§15). */
@ApiExcludeController()
@Controller('dev/chatapp')
export class ChatappDevController extends DevProviderController {
  protected readonly server: DevOAuthServer;

  constructor(
    servers: DevOAuthServers,
    private readonly config: AppConfig,
  ) {
    super();
    this.server = servers.of('chatapp');
  }

  @Get('users/@me')
  profile(@Headers('authorization') authorization: string | undefined, @Res() response: Response): Promise<void> {
    return this.sendProfile(authorization, response);
  }

  @Get('api/guilds/:guildId/members/:userId')
  async member(
    @Param('guildId') guildId: string,
    @Param('userId') userId: string,
    @Headers('authorization') authorization: string | undefined,
    @Res() response: Response,
  ): Promise<void> {
    // Configured elsewhere (a real provider's URL), the stand-in keeps out of the way.
    if (!this.config.chatRoles) throw new NotFoundException();
    send(response, await this.server.member(this.config.chatRoles, guildId, userId, authorization));
  }
}
