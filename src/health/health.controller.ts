import { Controller, Get, HttpCode, Res } from '@nestjs/common';
import { ApiOkResponse, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { SkipRateLimit } from '../access/access.decorators';
import { HealthService } from './health.service';

@ApiTags('health')
@Controller('health')
@SkipRateLimit()
export class HealthController {
  constructor(private readonly health: HealthService) {}

  @Get()
  @HttpCode(200)
  @ApiOkResponse({ description: 'The process serves requests, whatever its dependencies do (liveness); empty body.' })
  check(@Res() response: Response): void {
    response.status(200).end();
  }

  @Get('ready')
  @HttpCode(200)
  @ApiOkResponse({ description: 'Ready for traffic: the database, Redis (when configured) and the file store answer; empty body.' })
  @ApiServiceUnavailableResponse({ description: 'A dependency does not answer, or the process is shutting down.' })
  async ready(@Res() response: Response): Promise<void> {
    response.status((await this.health.isReady()) ? 200 : 503).end();
  }
}
