import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Authenticated, CurrentUser, RateLimit } from '../access/access.decorators';
import type { Principal } from '../access/principal';
import { ApiErrors } from '../common/errors/api-errors';
import { Permission } from '../common/permissions/permission';
import { ReasonDto } from '../common/reason.dto';
import { CharacterId } from './character-id.decorator';
import { CharacterJson } from './character.schema';
import { CharacterLifecycle } from './character-lifecycle.service';

const END_ERRORS = {
  400: '`Invalid form of body`: reason (1–500)',
  401: '`Unauthorized`: no valid session',
  403: '`Forbidden` `MISSING_FULL_PERMISSIONS`: none of MODERATOR_CHIEF, ADMINISTRATOR',
  404: '`Unknown Character`',
  409: '`Not Approved`: the character is not approved (or already ended that way)',
  429: '`Too Many Requests`: more than 10 a minute',
};

@ApiTags('staff: character end states')
@Controller('staff/characters')
@Authenticated({ anyOf: [Permission.MODERATOR_CHIEF, Permission.ADMINISTRATOR] })
@RateLimit(10)
export class CharacterEndingsController {
  constructor(private readonly lifecycle: CharacterLifecycle) {}

  @Post(':characterId/retire')
  @HttpCode(200)
  @ApiOperation({ summary: 'An approved character retires: read-only, inactive, money frozen, ID card voided, slot freed.' })
  @ApiOkResponse({ type: CharacterJson })
  @ApiErrors(END_ERRORS)
  retire(@CurrentUser() caller: Principal, @CharacterId() characterId: string, @Body() body: ReasonDto) {
    return this.lifecycle.end(caller, characterId, 'retired', body.reason);
  }

  @Post(':characterId/decease')
  @HttpCode(200)
  @ApiOperation({ summary: 'An approved or retired character dies: read-only, inactive, money frozen, ID card voided, slot freed.' })
  @ApiOkResponse({ type: CharacterJson })
  @ApiErrors(END_ERRORS)
  decease(@CurrentUser() caller: Principal, @CharacterId() characterId: string, @Body() body: ReasonDto) {
    return this.lifecycle.end(caller, characterId, 'deceased', body.reason);
  }
}
