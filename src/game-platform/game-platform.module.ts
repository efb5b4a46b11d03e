import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { ImagesModule } from '../images/images.module';
import { GamePlatformController } from './game-platform.controller';
import { GamePlatformAvatars } from './game-platform.service';
import { DEFAULT_THUMBNAIL_RETRY, THUMBNAIL_RETRY, ThumbnailClient } from './thumbnail-client';

@Module({
  imports: [AuthModule, ImagesModule],
  controllers: [GamePlatformController],
  providers: [{ provide: THUMBNAIL_RETRY, useValue: DEFAULT_THUMBNAIL_RETRY }, ThumbnailClient, GamePlatformAvatars],
})
export class GamePlatformModule {}
