import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ImagesModule } from '../images/images.module';
import { UsersModule } from '../users/users.module';
import { CharacterNameWordEntity } from './character-name-word.entity';
import { CharacterEndingsController } from './character-endings.controller';
import { CharacterEntity } from './character.entity';
import { CharacterDirectory } from './character-directory.service';
import { CharacterEditsService } from './character-edits.service';
import { CharacterWallets } from './character-wallets.service';
import { CharacterLifecycle } from './character-lifecycle.service';
import { CharactersController } from './characters.controller';
import { CharactersRepository } from './characters.repository';
import { CharactersService } from './characters.service';
import { IdCardService } from './id-card/id-card.service';
import { NationalitiesController } from './nationalities.controller';
import { WalletEntity } from './wallet.entity';

/** Characters, their one state machine (`CharacterLifecycle`) and their ID cards. */
@Module({
  imports: [TypeOrmModule.forFeature([CharacterEntity, WalletEntity, CharacterNameWordEntity]), ImagesModule, UsersModule],
  controllers: [CharactersController, NationalitiesController, CharacterEndingsController],
  providers: [
    CharactersRepository,
    CharactersService,
    CharacterEditsService,
    CharacterLifecycle,
    CharacterWallets,
    IdCardService,
    CharacterDirectory,
  ],
  exports: [CharactersService, CharacterLifecycle, CharacterWallets, CharacterDirectory],
})
export class CharactersModule {}
