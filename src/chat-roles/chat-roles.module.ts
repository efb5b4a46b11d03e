import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { UsersModule } from '../users/users.module';
import { ChatMemberClient } from './chat-member-client';
import { ChatMemberEntity } from './chat-member.entity';
import { ChatMembers } from './chat-members';
import { ChatRateLimit } from './chat-rate-limit';
import { ChatRoleSettingsEntity } from './chat-role-settings.entity';
import { ChatRoleSync } from './chat-role-sync.service';
import { ChatRolesController } from './chat-roles.controller';
import { MembershipStatus } from './membership-status.service';
import { RoleMappingsService } from './role-mappings.service';
import { RoleSweep } from './role-sweep';

/**
 * Chat roles become permissions (decisions §15): the role mappings, the chat provider's member
 * endpoint, and the sync at sign-in (which the auth module calls), on staff request and in the
 * sweep. Session consequences go through domain events the auth module handles.
 */
@Module({
  imports: [TypeOrmModule.forFeature([ChatMemberEntity, ChatRoleSettingsEntity]), UsersModule],
  controllers: [ChatRolesController],
  providers: [ChatMemberClient, ChatRateLimit, ChatMembers, RoleMappingsService, ChatRoleSync, RoleSweep, MembershipStatus],
  exports: [ChatRoleSync, MembershipStatus],
})
export class ChatRolesModule {}
