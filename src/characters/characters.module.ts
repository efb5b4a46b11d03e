import { Module } from '@nestjs/common';
import { ImagesModule } from '../images/images.module';
import { ReviewModule } from '../review/review.module';
import { CharacterDirectory } from './character-directory.service';
import { CharacterEditsService } from './character-edits.service';
import { CharacterSubmissionsService } from './character-submissions.service';
import { CharactersController } from './characters.controller';
import { CharactersRepository } from './characters.repository';
import { CharactersService } from './characters.service';
import { NationalitiesController } from './nationalities.controller';

@Module({
  imports: [ImagesModule, ReviewModule],
  controllers: [CharactersController, NationalitiesController],
  providers: [CharactersRepository, CharactersService, CharacterEditsService, CharacterSubmissionsService, CharacterDirectory],
  exports: [CharactersRepository, CharacterDirectory],
})
export class CharactersModule {}
