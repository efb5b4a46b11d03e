import { Controller, Get, Param } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Authenticated, CurrentUser } from '../access/access.decorators';
import type { Principal } from '../access/principal';
import { ApiErrors } from '../common/errors/api-errors';
import { PlayerJson } from './game-platform.dto';
import { PlayersService } from './players.service';

@ApiTags('gameplatform')
@Controller('gameplatform/players')
export class PlayersController {
  constructor(private readonly players: PlayersService) {}

  @Get(':externalId')
  @Authenticated()
  @ApiOperation({ summary: 'The user and active character of a game-platform account (any service key, or `STAFF`)' })
  @ApiOkResponse({ type: PlayerJson })
  @ApiErrors({
    401: 'No valid session or key',
    403: '`MISSING_FULL_PERMISSIONS`: a person without `STAFF`',
    404: '`Unknown Player`: no user has linked this game-platform account',
  })
  find(@CurrentUser() caller: Principal, @Param('externalId') externalId: string): Promise<PlayerJson> {
    return this.players.byExternalId(caller, externalId);
  }
}
