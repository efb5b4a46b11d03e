import { Global, Module } from '@nestjs/common';
import { MetricsServer } from './metrics.server';
import { MetricsService } from './metrics.service';

/** Global, so any module can inject MetricsService and count what it owns. */
@Global()
@Module({ providers: [MetricsService, MetricsServer], exports: [MetricsService] })
export class MetricsModule {}
