import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CharactersModule } from '../characters/characters.module';
import { ImagesModule } from '../images/images.module';
import { UsersModule } from '../users/users.module';
import { GradeEntity } from './grade.entity';
import { MemberEntity } from './member.entity';
import { MembersController } from './members.controller';
import { MembersService } from './members.service';
import { MembershipReactions } from './membership-reactions';
import { Memberships } from './memberships';
import { OrganisationActors } from './organisation-actors';
import { OrganisationEntity } from './organisation.entity';
import { OrganisationsController } from './organisations.controller';
import { OrganisationsRepository } from './organisations.repository';
import { OrganisationsService } from './organisations.service';

/** Jobs, factions and businesses: grades, members acting through their active character, the treasury (decisions §14). */
@Module({
  imports: [TypeOrmModule.forFeature([OrganisationEntity, GradeEntity, MemberEntity]), CharactersModule, UsersModule, ImagesModule],
  controllers: [OrganisationsController, MembersController],
  providers: [OrganisationsRepository, OrganisationActors, Memberships, OrganisationsService, MembersService, MembershipReactions],
})
export class OrganisationsModule {}
