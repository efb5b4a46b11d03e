import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Authenticated, CurrentUser } from '../auth/auth.decorators';
import type { SessionUser } from '../auth/session-user';
import { ApiErrors } from '../common/errors/api-errors';
import { AuditQueryDto } from './audit.dto';
import { AuditPageBody } from './audit.schema';
import { AuditService } from './audit.service';

@ApiTags('audit')
@Controller('audit')
export class AuditController {
  constructor(private readonly audit: AuditService) {}

  @Get()
  @Authenticated()
  @ApiOperation({
    summary: 'Recorded changes, newest first. ADMINISTRATOR reads every event, MODERATOR_CHIEF the `character.*` events.',
  })
  @ApiOkResponse({ type: AuditPageBody })
  @ApiErrors({
    400: '`Invalid form of body`: a malformed filter, `before` or `limit` (1–100)',
    401: '`Unauthorized`: no valid session',
    403: '`Forbidden`: neither ADMINISTRATOR nor MODERATOR_CHIEF',
  })
  page(@CurrentUser() caller: SessionUser, @Query() query: AuditQueryDto): Promise<AuditPageBody> {
    return this.audit.page(caller, query);
  }
}
