import { forwardRef, Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { CharactersModule } from '../characters/characters.module';
import { UsersController } from './users.controller';
import { UserRecords } from './user-records.service';
import { UsersRepository } from './users.repository';
import { UsersService } from './users.service';

/** Users; exports `UserRecords`, the narrow way other modules reach the `users` table. */
@Module({
  imports: [forwardRef(() => AuthModule), forwardRef(() => CharactersModule)],
  controllers: [UsersController],
  providers: [UsersService, UsersRepository, UserRecords],
  exports: [UserRecords],
})
export class UsersModule {}
