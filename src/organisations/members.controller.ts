import { Body, Controller, Delete, Get, HttpCode, Patch, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Authenticated, CurrentUser } from '../access/access.decorators';
import type { Principal } from '../access/principal';
import { ApiErrors } from '../common/errors/api-errors';
import { MembersService } from './members.service';
import { HireDto, MemberIdParam, OrganisationIdParam, PromoteDto } from './organisation.dto';
import { MemberJson, MemberListJson } from './organisation.presenter';
import { SIGNED_IN, UNKNOWN_ORGANISATION } from './organisations.controller';

const ACTING = 'A user acts through their active character and its grade; `ADMINISTRATOR` and keys holding `SERVICE_ADMINISTRATOR` may do everything.';
const UNKNOWN_MEMBER = { 404: '`Unknown Organisation`, or `Unknown Member`: the character is not a member' };

@ApiTags('organisations')
@Controller('organisations/:organisationId/members')
@Authenticated()
export class MembersController {
  constructor(private readonly members: MembersService) {}

  @Get()
  @ApiOperation({ summary: 'The members, highest grade first (members and staff)' })
  @ApiOkResponse({ type: MemberListJson })
  @ApiErrors({ ...SIGNED_IN, 403: '`Forbidden`: neither a member (active character) nor staff', ...UNKNOWN_ORGANISATION })
  list(@CurrentUser() caller: Principal, @OrganisationIdParam() organisationId: string): Promise<MemberListJson> {
    return this.members.list(caller, organisationId);
  }

  @Post()
  @ApiOperation({ summary: 'Hire an approved, not ended character at a grade strictly below the actor\'s (right `hire`)', description: ACTING })
  @ApiCreatedResponse({ type: MemberJson })
  @ApiErrors({
    400: '`Invalid form of body`, or a grade the organisation does not have',
    ...SIGNED_IN,
    403: '`Forbidden`: without `hire`, or at or above the actor\'s own grade',
    404: '`Unknown Organisation` or `Unknown Character`',
    409: '`Character Not Approved` (not approved, or ended), `Already Member`, or `Membership Limit` (5 organisations, one `job`)',
  })
  hire(@CurrentUser() caller: Principal, @OrganisationIdParam() organisationId: string, @Body() dto: HireDto): Promise<MemberJson> {
    return this.members.hire(caller, organisationId, dto);
  }

  @Patch(':characterId')
  @ApiOperation({ summary: 'Change the grade of a member strictly below the actor, to a grade strictly below the actor\'s (right `promote`)', description: ACTING })
  @ApiOkResponse({ type: MemberJson })
  @ApiErrors({
    400: '`Invalid form of body`, or a grade the organisation does not have',
    ...SIGNED_IN,
    403: '`Forbidden`: without `promote`, or the member or the grade at or above the actor\'s own',
    ...UNKNOWN_MEMBER,
  })
  promote(
    @CurrentUser() caller: Principal,
    @OrganisationIdParam() organisationId: string,
    @MemberIdParam() characterId: string,
    @Body() dto: PromoteDto,
  ): Promise<MemberJson> {
    return this.members.promote(caller, organisationId, characterId, dto.grade);
  }

  @Delete(':characterId')
  @HttpCode(204)
  @ApiOperation({ summary: 'Fire a member strictly below the actor (right `fire`), or leave (the character\'s owner)', description: ACTING })
  @ApiNoContentResponse({ description: 'The membership ended' })
  @ApiErrors({
    ...SIGNED_IN,
    403: '`Forbidden`: without `fire`, or the member at or above the actor\'s own grade',
    ...UNKNOWN_MEMBER,
    409: '`Last Boss`: the last member at the boss grade cannot leave or be fired, except by `ADMINISTRATOR`',
  })
  async remove(@CurrentUser() caller: Principal, @OrganisationIdParam() organisationId: string, @MemberIdParam() characterId: string): Promise<void> {
    await this.members.remove(caller, organisationId, characterId);
  }
}
