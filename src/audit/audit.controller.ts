import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Authenticated, CurrentUser } from '../access/access.decorators';
import type { Principal } from '../access/principal';
import { ApiErrors } from '../common/errors/api-errors';
import { AuditQueryDto } from './audit.dto';
import { AuditPageJson } from './audit.schema';
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
  @ApiOkResponse({ type: AuditPageJson })
  @ApiErrors({
    400: '`Invalid form of body`: a malformed filter, `before` or `limit` (1–100)',
    401: '`Unauthorized`: no valid session',
    403: '`Forbidden`: neither ADMINISTRATOR nor MODERATOR_CHIEF',
  })
  page(@CurrentUser() caller: Principal, @Query() query: AuditQueryDto): Promise<AuditPageJson> {
    return this.audit.page(caller, query);
  }
}
