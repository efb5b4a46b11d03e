import { Module } from '@nestjs/common';
import { ImagesModule } from '../images/images.module';
import { HealthController } from './health.controller';
import { HealthService } from './health.service';
import { ShutdownState } from './shutdown-state';

@Module({
  imports: [ImagesModule],
  controllers: [HealthController],
  providers: [HealthService, ShutdownState],
  exports: [ShutdownState],
})
export class HealthModule {}
