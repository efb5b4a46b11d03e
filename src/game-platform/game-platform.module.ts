import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ProviderLinkEntity } from '../auth/provider-link.entity';
import { ImagesModule } from '../images/images.module';
import { GamePlatformController } from './game-platform.controller';
import { GamePlatformAvatars } from './game-platform.service';
import { DEFAULT_THUMBNAIL_RETRY, THUMBNAIL_RETRY, ThumbnailClient } from './thumbnail-client';

@Module({
  imports: [TypeOrmModule.forFeature([ProviderLinkEntity]), ImagesModule],
  controllers: [GamePlatformController],
  providers: [{ provide: THUMBNAIL_RETRY, useValue: DEFAULT_THUMBNAIL_RETRY }, ThumbnailClient, GamePlatformAvatars],
})
export class GamePlatformModule {}
