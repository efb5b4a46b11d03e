import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiForbiddenResponse,
  ApiInternalServerErrorResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { Authenticated, RateLimit } from '../auth/auth.decorators';
import { PaginationQueryDto } from '../common/pagination';
import { Permission } from '../common/permissions/permission';
import { RejectBatchDto, ReviewBatchDto } from './review.dto';
import { type PendingPage, type ReviewOutcome, ReviewService } from './review.service';

const BATCH_ANSWER =
  '`{characters: [Character], skipped: [{characterId, reason}]}`: the characters that changed, and the ids left ' +
  'as they were with `reason` `not_found` (unknown or malformed id) or `not_pending`.';

@ApiTags('staff review')
@Controller('staff/characters')
@Authenticated({ anyOf: [Permission.MODERATOR_CHIEF, Permission.ADMINISTRATOR, Permission.DEVELOPER] })
@RateLimit(10)
@ApiUnauthorizedResponse({ description: '`Unauthorized`: no valid session.' })
@ApiForbiddenResponse({ description: '`Forbidden` `MISSING_FULL_PERMISSIONS`: none of MODERATOR_CHIEF, ADMINISTRATOR, DEVELOPER.' })
@ApiTooManyRequestsResponse({ description: '`Too Many Requests`: more than 10 a minute.' })
export class ReviewController {
  constructor(private readonly review: ReviewService) {}

  @Get('pending')
  @ApiOperation({ summary: 'Characters awaiting review, oldest submission first.' })
  @ApiOkResponse({ description: '`{characters: [Character], meta: {total, page, limit, totalPages}}`; a page past the end is empty.' })
  @ApiBadRequestResponse({ description: '`Invalid form of body`: `page` or `limit` is not an integer in range.' })
  pending(@Query() query: PaginationQueryDto): Promise<PendingPage> {
    return this.review.pending(query);
  }

  @Post('approve')
  @HttpCode(200)
  @ApiOperation({ summary: 'Approves the pending characters of the batch: wallet, active character, ID card.' })
  @ApiOkResponse({ description: BATCH_ANSWER })
  @ApiBadRequestResponse({ description: '`Invalid form of body`: `characterIds` missing, not 1–100 strings, or an unknown field.' })
  @ApiInternalServerErrorResponse({ description: 'The batch could not be completed; nothing changed.' })
  approve(@Body() body: ReviewBatchDto): Promise<ReviewOutcome> {
    return this.review.approve(body.characterIds);
  }

  @Post('reject')
  @HttpCode(200)
  @ApiOperation({ summary: 'Sends the pending characters of the batch back to draft, with an optional reason.' })
  @ApiOkResponse({ description: BATCH_ANSWER })
  @ApiBadRequestResponse({
    description: '`Invalid form of body`: `characterIds` missing or not 1–100 strings, `reason` over 500 characters, or an unknown field.',
  })
  @ApiInternalServerErrorResponse({ description: 'The batch could not be completed; nothing changed.' })
  reject(@Body() body: RejectBatchDto): Promise<ReviewOutcome> {
    return this.review.reject(body.characterIds, body.reason);
  }
}
