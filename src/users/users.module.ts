import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { UserEntity } from './user.entity';
import { UserRecords } from './user-records.service';
import { UsersRepository } from './users.repository';
import { UsersService } from './users.service';

/**
 * The `users` table and the rules about its rows. It depends on nothing above it: the User JSON
 * (with characters and links) is composed by the profiles module.
 */
@Module({
  imports: [TypeOrmModule.forFeature([UserEntity])],
  providers: [UsersRepository, UserRecords, UsersService],
  exports: [UserRecords, UsersService],
})
export class UsersModule {}
