import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Authenticated, CurrentUser, RateLimit } from '../access/access.decorators';
import type { Principal } from '../access/principal';
import { ApiErrors } from '../common/errors/api-errors';
import { PaginationQueryDto } from '../common/pagination';
import { Permission } from '../common/permissions/permission';
import { RejectBatchDto, ReviewBatchDto } from './review.dto';
import { PendingPageJson, ReviewOutcomeJson } from './review.schema';
import { type PendingPage, type ReviewOutcome, ReviewService } from './review.service';

const ACCESS_ERRORS = {
  401: '`Unauthorized`: no valid session',
  403: '`Forbidden` `MISSING_FULL_PERMISSIONS`: none of MODERATOR_CHIEF, ADMINISTRATOR, DEVELOPER',
  429: '`Too Many Requests`: more than 10 a minute',
};
const BATCH_ERRORS = { ...ACCESS_ERRORS, 500: 'The batch could not be completed; nothing changed.' };

@ApiTags('staff review')
@Controller('staff/characters')
@Authenticated({ anyOf: [Permission.MODERATOR_CHIEF, Permission.ADMINISTRATOR, Permission.DEVELOPER] })
@RateLimit(10)
export class ReviewController {
  constructor(private readonly review: ReviewService) {}

  @Get('pending')
  @ApiOperation({ summary: 'Characters awaiting review, oldest submission first.' })
  @ApiOkResponse({ type: PendingPageJson, description: 'A page past the end has no characters and a true `meta`.' })
  @ApiErrors({ ...ACCESS_ERRORS, 400: '`Invalid form of body`: `page` or `limit` is not an integer in range' })
  pending(@Query() query: PaginationQueryDto): Promise<PendingPage> {
    return this.review.pending(query);
  }

  @Post('approve')
  @HttpCode(200)
  @ApiOperation({ summary: 'Approves the pending characters of the batch: wallet, active character, ID card.' })
  @ApiOkResponse({ type: ReviewOutcomeJson })
  @ApiErrors({ ...BATCH_ERRORS, 400: '`Invalid form of body`: `characterIds` missing or not 1–100 strings, or an unknown field' })
  approve(@CurrentUser() caller: Principal, @Body() body: ReviewBatchDto): Promise<ReviewOutcome> {
    return this.review.approve(caller, body.characterIds);
  }

  @Post('reject')
  @HttpCode(200)
  @ApiOperation({ summary: 'Sends the pending characters of the batch back to draft, with an optional reason.' })
  @ApiOkResponse({ type: ReviewOutcomeJson })
  @ApiErrors({
    ...BATCH_ERRORS,
    400: '`Invalid form of body`: `characterIds` missing or not 1–100 strings, `reason` over 500 characters, or an unknown field',
  })
  reject(@CurrentUser() caller: Principal, @Body() body: RejectBatchDto): Promise<ReviewOutcome> {
    return this.review.reject(caller, body.characterIds, body.reason);
  }
}
