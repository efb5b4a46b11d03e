import { forwardRef, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule } from '../auth/auth.module';
import { CharactersModule } from '../characters/characters.module';
import { UsersController } from './users.controller';
import { UserRecords } from './user-records.service';
import { UsersRepository } from './users.repository';
import { UserEntity } from './user.entity';
import { UsersDirectory } from './users-directory.service';
import { UsersService } from './users.service';

/** Users; exports `UserRecords`, the narrow way other modules reach the `users` table. */
@Module({
  imports: [forwardRef(() => AuthModule), forwardRef(() => CharactersModule), TypeOrmModule.forFeature([UserEntity])],
  controllers: [UsersController],
  providers: [UsersService, UsersRepository, UserRecords, UsersDirectory],
  exports: [UserRecords, UsersDirectory],
})
export class UsersModule {}
