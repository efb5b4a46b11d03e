import { Body, Controller, Get, Patch, Post, Query, Req } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { Authenticated, CurrentUser, RateLimit } from '../access/access.decorators';
import type { Principal } from '../access/principal';
import { ApiErrors } from '../common/errors/api-errors';
import { UploadReader, type UploadSpec } from '../images/uploads/upload';
import { assertAnyChange, CreateOrganisationDto, OrganisationIdParam, OrganisationListQueryDto, UpdateOrganisationDto } from './organisation.dto';
import { OrganisationJson, OrganisationPageJson } from './organisation.presenter';
import { OrganisationsService } from './organisations.service';

export const SIGNED_IN = { 401: 'No valid session or key' };
export const UNKNOWN_ORGANISATION = { 404: '`Unknown Organisation`: no such organisation (or a malformed id)' };
const ICON_UPLOAD: UploadSpec = { files: { icon: { kind: 'png' } } };

@ApiTags('organisations')
@Controller('organisations')
@Authenticated()
export class OrganisationsController {
  constructor(
    private readonly organisations: OrganisationsService,
    private readonly uploads: UploadReader,
  ) {}

  @Post()
  @ApiOperation({ summary: 'Create an organisation with its grades and, optionally, its first boss (`ADMINISTRATOR`, or a key holding `SERVICE_ADMINISTRATOR`)' })
  @ApiCreatedResponse({ type: OrganisationJson })
  @ApiErrors({
    400: '`Invalid form of body`: a name of 2–64, a type, 1–20 grades of {name 1–32, salary 0–10^9, rights}, unknown fields refused',
    ...SIGNED_IN,
    403: '`Forbidden`: neither `ADMINISTRATOR` nor a key holding `SERVICE_ADMINISTRATOR`',
    404: '`Unknown Character`: no character `bossCharacterId`',
    409: '`Duplicate Organisation` (the name, ignoring case), `Character Not Approved` (the boss is not approved or has ended), or `Membership Limit`',
  })
  create(@CurrentUser() caller: Principal, @Body() dto: CreateOrganisationDto): Promise<OrganisationJson> {
    return this.organisations.create(caller, dto);
  }

  @Get()
  @ApiOperation({ summary: 'List organisations, oldest first (any signed-in caller); `treasury` only where the caller may see it' })
  @ApiOkResponse({ type: OrganisationPageJson })
  @ApiErrors({ 400: '`Invalid form of body`: an unknown `type`, a malformed `cursor`, `limit` outside 1–100', ...SIGNED_IN })
  list(@CurrentUser() caller: Principal, @Query() query: OrganisationListQueryDto): Promise<OrganisationPageJson> {
    return this.organisations.list(caller, query);
  }

  @Get(':organisationId')
  @ApiOperation({ summary: 'Read an organisation (any signed-in caller); `treasury` for members holding `view_treasury` and staff, else null' })
  @ApiOkResponse({ type: OrganisationJson })
  @ApiErrors({ ...SIGNED_IN, ...UNKNOWN_ORGANISATION })
  get(@CurrentUser() caller: Principal, @OrganisationIdParam() organisationId: string): Promise<OrganisationJson> {
    return this.organisations.get(caller, organisationId);
  }

  @Patch(':organisationId')
  @RateLimit(10)
  @ApiOperation({
    summary: 'Change the name, the grades or the icon (a boss or `ADMINISTRATOR`)',
    description:
      'Members keep their grade number; the bosses always hold the top grade, so adding a grade on top moves them up. ' +
      'A list under which a non-boss member\'s grade would not exist or would become the top answers 409 `Grade In Use`.',
  })
  @ApiConsumes('application/json', 'multipart/form-data')
  @ApiBody({ type: UpdateOrganisationDto, description: 'JSON, or multipart with these fields as a JSON string in `data` and a PNG file in `icon`' })
  @ApiOkResponse({ type: OrganisationJson })
  @ApiErrors({
    400: '`Invalid form of body`: empty body, wrong types, unknown fields, an icon that is not a sound PNG',
    ...SIGNED_IN,
    403: '`Forbidden`: neither a boss (through the active character) nor `ADMINISTRATOR`',
    ...UNKNOWN_ORGANISATION,
    408: '`Request Timeout`: the multipart body did not arrive in time',
    409: '`Duplicate Organisation` or `Grade In Use`',
    429: 'More than 10 requests a minute',
  })
  async update(@CurrentUser() caller: Principal, @OrganisationIdParam() organisationId: string, @Req() request: Request): Promise<OrganisationJson> {
    await this.organisations.assertMayUpdate(caller, organisationId);
    const { fields, files } = await this.uploads.readValidated(request, ICON_UPLOAD, UpdateOrganisationDto, caller.id);
    assertAnyChange(fields, files.icon !== undefined);
    return this.organisations.update(caller, organisationId, fields, files.icon);
  }
}
