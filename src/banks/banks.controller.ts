import { Body, Controller, Get, HttpCode, Patch, Post, Put, Query, Req } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { Authenticated, CurrentUser, RateLimit } from '../access/access.decorators';
import type { Principal } from '../access/principal';
import { ApiErrors } from '../common/errors/api-errors';
import { PaginationQueryDto } from '../common/pagination';
import { Permission } from '../common/permissions/permission';
import { UploadReader, type UploadSpec } from '../images/uploads/upload';
import { AdjustCapitalDto, assertAnyChange, BankIdParam, CreateBankDto, UpdateBankDto } from './bank.dto';
import { BankJson, BankPageJson, LedgerPageJson } from './bank.presenter';
import { BanksService } from './banks.service';

const UNKNOWN_BANK = { 404: '`Unknown Bank`: no such bank (or a malformed id)' };
const SIGNED_IN = { 401: 'Not signed in' };
const ICON_UPLOAD: UploadSpec = { files: { icon: { kind: 'png' } } };

@ApiTags('banks')
@Controller('banks')
export class BanksController {
  constructor(
    private readonly banks: BanksService,
    private readonly uploads: UploadReader,
  ) {}

  @Post()
  @Authenticated({ anyOf: [Permission.SERVICE_ADMINISTRATOR] })
  @ApiOperation({ summary: 'Create a bank owned by a character (`SERVICE_ADMINISTRATOR`)' })
  @ApiCreatedResponse({ type: BankJson })
  @ApiErrors({
    400: '`Invalid form of body`: missing `ownerId` or `name`, or wrong types',
    ...SIGNED_IN,
    403: 'Lacks `SERVICE_ADMINISTRATOR`',
    404: '`Unknown Character`: no character for `ownerId`',
  })
  create(@CurrentUser() caller: Principal, @Body() dto: CreateBankDto): Promise<BankJson> {
    return this.banks.create(caller, dto);
  }

  @Get()
  @Authenticated()
  @ApiOperation({ summary: 'List banks, oldest first (any signed-in user)' })
  @ApiOkResponse({ type: BankPageJson })
  @ApiErrors({ 400: '`Invalid form of body`: `page` or `limit` out of range', ...SIGNED_IN })
  list(@Query() query: PaginationQueryDto): Promise<BankPageJson> {
    return this.banks.list(query);
  }

  @Get(':bankId')
  @Authenticated()
  @ApiOperation({ summary: 'Read a bank (any signed-in user)' })
  @ApiOkResponse({ type: BankJson })
  @ApiErrors({ ...SIGNED_IN, ...UNKNOWN_BANK })
  get(@BankIdParam() bankId: string): Promise<BankJson> {
    return this.banks.get(bankId);
  }

  @Patch(':bankId')
  @Authenticated()
  @RateLimit(5)
  @ApiOperation({
    summary: 'Change name, owner, icon or (`ADMINISTRATOR` only) absolute capital; the bank owner or `ADMINISTRATOR`',
  })
  @ApiConsumes('application/json', 'multipart/form-data')
  @ApiBody({
    type: UpdateBankDto,
    description: 'JSON, or multipart with these fields as a JSON string in `data` and a PNG file in `icon`',
  })
  @ApiOkResponse({ type: BankJson })
  @ApiErrors({
    400: '`Invalid form of body`: empty body, no recognized fields, wrong types, an icon that is not a sound PNG',
    ...SIGNED_IN,
    403: '`Forbidden`: neither the bank owner nor `ADMINISTRATOR`, or `capital` sent without `ADMINISTRATOR`',
    404: '`Unknown Bank`, or `Unknown Character` for a new `ownerId`',
    408: '`Request Timeout`: the multipart body did not arrive in time, or delivered less than 32 KiB in 5 s',
    503: '`Service Unavailable` (`UPLOADS_BUSY`, with `Retry-After`): no upload slot freed within 10 s',
    429: 'More than 5 requests a minute',
  })
  async update(
    @CurrentUser() caller: Principal,
    @BankIdParam() bankId: string,
    @Req() request: Request,
  ): Promise<BankJson> {
    await this.banks.assertMayUpdate(caller, bankId);
    const { fields, files } = await this.uploads.readValidated(request, ICON_UPLOAD, UpdateBankDto, caller.id);
    assertAnyChange(fields, files.icon !== undefined);
    return this.banks.update(caller, bankId, fields, files.icon);
  }

  @Put(':bankId')
  @HttpCode(200)
  @Authenticated({ anyOf: [Permission.ADMINISTRATOR] })
  @RateLimit(5)
  @ApiOperation({ summary: 'Add to (positive) or take from (negative) the capital (`ADMINISTRATOR`)' })
  @ApiOkResponse({ type: BankJson })
  @ApiErrors({
    400: '`Invalid form of body` (amount missing, not a non-zero integer, or capital would pass its maximum), or `Insufficient capital`',
    ...SIGNED_IN,
    403: 'Lacks `ADMINISTRATOR`',
    ...UNKNOWN_BANK,
    429: 'More than 5 requests a minute',
  })
  adjust(
    @CurrentUser() caller: Principal,
    @BankIdParam() bankId: string,
    @Body() dto: AdjustCapitalDto,
  ): Promise<BankJson> {
    return this.banks.adjustCapital(caller, bankId, dto.amount);
  }

  @Get(':bankId/ledger')
  @Authenticated()
  @ApiOperation({ summary: 'Capital changes, newest first (the bank owner, `STAFF` or `ADMINISTRATOR`)' })
  @ApiOkResponse({ type: LedgerPageJson })
  @ApiErrors({
    400: '`Invalid form of body`: `page` or `limit` out of range',
    ...SIGNED_IN,
    403: '`Forbidden`: neither the bank owner, `STAFF` nor `ADMINISTRATOR`',
    ...UNKNOWN_BANK,
  })
  ledger(
    @CurrentUser() caller: Principal,
    @BankIdParam() bankId: string,
    @Query() query: PaginationQueryDto,
  ): Promise<LedgerPageJson> {
    return this.banks.ledgerPage(caller, bankId, query);
  }
}
