import { Module } from '@nestjs/common';
import { ImagesModule } from '../images/images.module';
import { ReviewModule } from '../review/review.module';
import { UsersModule } from '../users/users.module';
import { CharacterEndingsController } from './character-endings.controller';
import { CharacterEndings } from './character-endings.service';
import { CharacterDirectory } from './character-directory.service';
import { CharacterEditsService } from './character-edits.service';
import { CharacterSubmissionsService } from './character-submissions.service';
import { CharactersController } from './characters.controller';
import { CharactersRepository } from './characters.repository';
import { CharactersService } from './characters.service';
import { NationalitiesController } from './nationalities.controller';

@Module({
  imports: [ImagesModule, ReviewModule, UsersModule],
  controllers: [CharactersController, NationalitiesController, CharacterEndingsController],
  providers: [CharactersRepository, CharactersService, CharacterEditsService, CharacterSubmissionsService, CharacterDirectory, CharacterEndings],
  exports: [CharactersRepository, CharacterDirectory],
})
export class CharactersModule {}
