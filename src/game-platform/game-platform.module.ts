import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { CharactersModule } from '../characters/characters.module';
import { ImagesModule } from '../images/images.module';
import { UsersModule } from '../users/users.module';
import { GamePlatformController } from './game-platform.controller';
import { GamePlatformAvatars } from './game-platform.service';
import { PlayersController } from './players.controller';
import { PlayersService } from './players.service';
import { DEFAULT_THUMBNAIL_RETRY, THUMBNAIL_RETRY, ThumbnailClient } from './thumbnail-client';

@Module({
  imports: [AuthModule, ImagesModule, UsersModule, CharactersModule],
  controllers: [GamePlatformController, PlayersController],
  providers: [{ provide: THUMBNAIL_RETRY, useValue: DEFAULT_THUMBNAIL_RETRY }, ThumbnailClient, GamePlatformAvatars, PlayersService],
})
export class GamePlatformModule {}
