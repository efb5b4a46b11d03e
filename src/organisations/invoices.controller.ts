import { Body, Controller, Get, Headers, HttpCode, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiHeader, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Authenticated, CurrentUser } from '../access/access.decorators';
import type { Principal } from '../access/principal';
import { ApiErrors } from '../common/errors/api-errors';
import { IDEMPOTENCY_KEY, parseIdempotencyKey } from '../money/transfer-request';
import { InvoiceIdParam, InvoiceListQueryDto, IssueInvoiceDto, PayInvoiceDto } from './invoice.dto';
import { InvoiceJson, InvoicePageJson } from './invoice.presenter';
import { InvoicePayments } from './invoice-payments.service';
import { InvoicesService } from './invoices.service';
import { SIGNED_IN } from './organisations.controller';

const UNKNOWN_INVOICE = { 404: '`Unknown Invoice`: no such invoice (or a malformed id)' };
const REPLAYS = 'The same `Idempotency-Key` and body within 24 hours answers the first 201 again; another body is 409 `Idempotency-Key reused`.';

@ApiTags('invoices')
@Controller('invoices')
@Authenticated()
export class InvoicesController {
  constructor(
    private readonly invoices: InvoicesService,
    private readonly payments: InvoicePayments,
  ) {}

  @Post()
  @ApiOperation({
    summary: 'Issue an invoice or a fine to a character',
    description:
      'From a wallet (its owner; invoices only) or an organisation (right `issue_invoices`, or `issue_fines` for a fine). ' +
      `The amount is fixed now. A character never bills itself. ${REPLAYS}`,
  })
  @ApiHeader(IDEMPOTENCY_KEY)
  @ApiCreatedResponse({ type: InvoiceJson })
  @ApiErrors({
    400: '`Invalid form of body`: the header, unknown fields, an amount that is not a positive integer, a reason of 1–140 without control characters, `dueAt` in the past, a fine from a wallet, a character billing itself',
    ...SIGNED_IN,
    403: '`Forbidden`: not the owner of the issuing wallet, or without the right in the organisation',
    404: '`Unknown Wallet`, `Unknown Organisation` or `Unknown Character`',
    409: '`Character Not Approved` (the billed character), `Frozen` (the issuing wallet), or `Idempotency-Key reused`',
  })
  issue(@CurrentUser() caller: Principal, @Headers('idempotency-key') key: unknown, @Body() dto: IssueInvoiceDto): Promise<InvoiceJson> {
    return this.invoices.issue(caller, parseIdempotencyKey(key), dto);
  }

  @Get()
  @ApiOperation({
    summary: 'List invoices and fines, newest first',
    description:
      'The billed owner sees theirs (and those issued from their wallets); with `organisationId`, the issuer side ' +
      '(`issue_invoices`, `issue_fines` or `view_treasury`); staff see all. `characterId` is the billed character.',
  })
  @ApiOkResponse({ type: InvoicePageJson })
  @ApiErrors({ 400: '`Invalid form of body`: an unknown `status` or `kind`, a malformed id or cursor, `limit` outside 1–100', ...SIGNED_IN, 403: '`Forbidden`: reading an organisation\'s invoices without the right', 404: '`Unknown Organisation`' })
  list(@CurrentUser() caller: Principal, @Query() query: InvoiceListQueryDto): Promise<InvoicePageJson> {
    return this.invoices.list(caller, query);
  }

  @Post(':invoiceId/pay')
  @ApiOperation({
    summary: "Pay exactly the invoice's amount to its issuer (the billed character's owner, `ADMINISTRATOR`, or a key holding `SERVICE_ADMINISTRATOR`)",
    description: `\`from\` is the billed character's wallet or one of its accounts. One transaction moves the money and marks the invoice \`paid\`. ${REPLAYS}`,
  })
  @ApiHeader(IDEMPOTENCY_KEY)
  @ApiCreatedResponse({ type: InvoiceJson })
  @ApiErrors({
    400: "`Invalid form of body` (the header; `from` not the billed character's wallet or account), or `Insufficient funds`",
    ...SIGNED_IN,
    403: "`Forbidden`: not the billed character's owner",
    404: '`Unknown Invoice` or `Unknown Account`',
    409: '`Not Pending` (paid, cancelled or declined already), `Frozen`, or `Idempotency-Key reused`',
  })
  pay(
    @CurrentUser() caller: Principal,
    @InvoiceIdParam() invoiceId: string,
    @Headers('idempotency-key') key: unknown,
    @Body() dto: PayInvoiceDto,
  ): Promise<InvoiceJson> {
    return this.payments.pay(caller, invoiceId, parseIdempotencyKey(key), dto);
  }

  @Post(':invoiceId/cancel')
  @HttpCode(200)
  @ApiOperation({ summary: 'Cancel a pending invoice or fine (the issuer side: the wallet\'s owner, or the organisation\'s right for its kind)' })
  @ApiOkResponse({ type: InvoiceJson })
  @ApiErrors({ ...SIGNED_IN, 403: '`Forbidden`: not the issuer side', ...UNKNOWN_INVOICE, 409: '`Not Pending`' })
  cancel(@CurrentUser() caller: Principal, @InvoiceIdParam() invoiceId: string): Promise<InvoiceJson> {
    return this.invoices.cancel(caller, invoiceId);
  }

  @Post(':invoiceId/decline')
  @HttpCode(200)
  @ApiOperation({ summary: "Decline a pending invoice (the billed character's owner); a fine cannot be declined" })
  @ApiOkResponse({ type: InvoiceJson })
  @ApiErrors({ ...SIGNED_IN, 403: '`Forbidden`: not the billed owner, or the invoice is a fine', ...UNKNOWN_INVOICE, 409: '`Not Pending`' })
  decline(@CurrentUser() caller: Principal, @InvoiceIdParam() invoiceId: string): Promise<InvoiceJson> {
    return this.invoices.decline(caller, invoiceId);
  }
}
