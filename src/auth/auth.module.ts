import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { RateLimitModule } from '../rate-limit/rate-limit.module';
import { UserEntity } from '../users/user.entity';
import { AccessGuard } from './access.guard';
import { ProviderLinkEntity } from './provider-link.entity';
import { SessionEntity } from './session.entity';
import { SessionsService } from './sessions.service';

@Module({
  imports: [TypeOrmModule.forFeature([SessionEntity, ProviderLinkEntity, UserEntity]), RateLimitModule],
  providers: [SessionsService, { provide: APP_GUARD, useClass: AccessGuard }],
  exports: [SessionsService],
})
export class AuthModule {}
