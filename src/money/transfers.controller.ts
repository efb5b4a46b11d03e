import { Body, Controller, Headers, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Authenticated, CurrentUser } from '../access/access.decorators';
import type { Principal } from '../access/principal';
import { ApiErrors } from '../common/errors/api-errors';
import { TransferJson } from './money.presenter';
import { TransferDto } from './transfer.dto';
import { IDEMPOTENCY_KEY, parseIdempotencyKey, transferRequest } from './transfer-request';
import { TransfersService } from './transfers.service';

@ApiTags('money')
@Controller('transfers')
export class TransfersController {
  constructor(private readonly transfers: TransfersService) {}

  @Post()
  @Authenticated()
  @ApiOperation({
    summary: 'Move money between wallets and accounts',
    description:
      'The owner of the `from` character moves its money. `external` on either side (money entering or leaving the economy) ' +
      'only for `ADMINISTRATOR` or a service key holding `SERVICE_ADMINISTRATOR`, who may also move anyone\'s money. ' +
      'The same `Idempotency-Key` and body within 24 hours answers the first 201 again and moves nothing; ' +
      'concurrent requests with one key wait for the first.',
  })
  @ApiHeader(IDEMPOTENCY_KEY)
  @ApiCreatedResponse({ type: TransferJson })
  @ApiErrors({
    400: '`Invalid form of body` (body or header), `Insufficient funds`, or `Balance limit exceeded` (a credit past 2^53−1)',
    401: 'No valid session or key',
    403: '`Forbidden`: not the owner of `from`, or `external` without the right',
    404: '`Unknown Wallet` or `Unknown Account`',
    409: '`Idempotency-Key reused`: the key came earlier with another body',
  })
  create(
    @CurrentUser() caller: Principal,
    @Headers('idempotency-key') idempotencyKey: unknown,
    @Body() dto: TransferDto,
  ): Promise<TransferJson> {
    return this.transfers.transfer(caller, parseIdempotencyKey(idempotencyKey), transferRequest(dto));
  }
}
