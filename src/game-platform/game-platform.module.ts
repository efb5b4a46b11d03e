import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ProviderLinkEntity } from '../auth/provider-link.entity';
import { ImagesModule } from '../images/images.module';
import { UserEntity } from '../users/user.entity';
import { GamePlatformController } from './game-platform.controller';
import { GamePlatformAvatars } from './game-platform.service';
import { PlayersController } from './players.controller';
import { PlayersService } from './players.service';
import { DEFAULT_THUMBNAIL_RETRY, THUMBNAIL_RETRY, ThumbnailClient } from './thumbnail-client';

@Module({
  imports: [TypeOrmModule.forFeature([UserEntity, ProviderLinkEntity]), ImagesModule],
  controllers: [GamePlatformController, PlayersController],
  providers: [{ provide: THUMBNAIL_RETRY, useValue: DEFAULT_THUMBNAIL_RETRY }, ThumbnailClient, GamePlatformAvatars, PlayersService],
})
export class GamePlatformModule {}
