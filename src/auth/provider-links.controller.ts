import { Controller, Delete, HttpCode, Param } from '@nestjs/common';
import { ApiNoContentResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../common/errors/api-errors';
import { Authenticated, CurrentUser, PathUserId } from '../access/access.decorators';
import { OAuthAccountsService } from './oauth/oauth-accounts.service';
import type { Principal } from '../access/principal';

@ApiTags('users')
@Controller('users/:userId/providers')
export class ProviderLinksController {
  constructor(private readonly accounts: OAuthAccountsService) {}

  @Delete(':provider')
  @HttpCode(204)
  @Authenticated()
  @ApiOperation({ summary: 'The owner unlinks their game-platform account, which anyone may then link' })
  @ApiParam({ name: 'userId', description: 'The caller\'s own id, or `@me`' })
  @ApiParam({ name: 'provider', description: '`gameplatform` (the `chatapp` link is the account itself and stays)' })
  @ApiNoContentResponse({ description: 'Unlinked' })
  @ApiErrors({
    401: 'No valid session',
    403: '`Forbidden`: not the caller\'s own user (service keys included), or `chatapp`',
    404: '`Unknown Provider`: no such provider, or no game-platform account linked',
  })
  async unlink(@CurrentUser() caller: Principal, @PathUserId() userId: string, @Param('provider') provider: string): Promise<void> {
    await this.accounts.unlink(caller, userId, provider);
  }
}
