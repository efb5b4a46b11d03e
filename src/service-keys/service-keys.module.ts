import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ModerationModule } from '../moderation/moderation.module';
import { UsersModule } from '../users/users.module';
import { ServiceKeyAuthenticator } from './service-key-authenticator';
import { ServiceKeyEntity } from './service-key.entity';
import { ServiceKeysController } from './service-keys.controller';
import { ServiceKeysRepository } from './service-keys.repository';
import { ServiceKeysService } from './service-keys.service';

/** Credentials of game servers: a second kind of principal beside browser sessions. */
@Module({
  imports: [TypeOrmModule.forFeature([ServiceKeyEntity]), UsersModule, ModerationModule],
  controllers: [ServiceKeysController],
  providers: [ServiceKeysRepository, ServiceKeysService, ServiceKeyAuthenticator],
  exports: [ServiceKeyAuthenticator],
})
export class ServiceKeysModule {}
