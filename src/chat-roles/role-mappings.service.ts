import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import type { Principal } from '../access/principal';
import { ForbiddenError } from '../common/errors/domain-error';
import { TransactionRunner } from '../database/transaction-runner';
import { ChatRoleSettingsEntity, type RoleMapping } from './chat-role-settings.entity';
import type { RoleMappingsDto, RoleMappingsJson } from './role-mappings.dto';

const SETTINGS_ID = 1;

/** The community's rules as sync and sign-in read them. */
export interface ChatRoleRules {
  mappings: RoleMapping[];
  requireMembership: boolean;
  requiredRoleIds: string[];
}

const NO_RULES: ChatRoleRules = { mappings: [], requireMembership: false, requiredRoleIds: [] };

/** The role mappings and membership rules (decisions §15): one set, replaced whole. */
@Injectable()
export class RoleMappingsService {
  constructor(
    @InjectRepository(ChatRoleSettingsEntity) private readonly settings: Repository<ChatRoleSettingsEntity>,
    private readonly transactions: TransactionRunner,
  ) {}

  async rules(): Promise<ChatRoleRules> {
    return (await this.settings.findOneBy({ id: SETTINGS_ID })) ?? NO_RULES;
  }

  async show(): Promise<RoleMappingsJson> {
    return toJson(await this.rules());
  }

  /** Nobody adds, changes or removes a mapping holding a bit they lack: 403 and nothing changes. */
  replace(caller: Principal, dto: RoleMappingsDto): Promise<RoleMappingsJson> {
    const next: ChatRoleRules = {
      mappings: dto.mappings.map(({ chatRoleId, permissions }) => ({ chatRoleId, permissions: Number(permissions) })),
      requireMembership: dto.requireMembership,
      requiredRoleIds: dto.requiredRoleIds,
    };
    return this.transactions.run(async (manager) => {
      const current = (await this.locked(manager)) ?? NO_RULES;
      if (!mayReplace(caller.permissions, current.mappings, next.mappings)) throw new ForbiddenError();
      await manager.upsert(ChatRoleSettingsEntity, { id: SETTINGS_ID, ...next, updatedAt: new Date() }, ['id']);
      return toJson(next);
    });
  }

  /** When the latest sweep started (null: never). */
  async sweptAt(): Promise<Date | null> {
    return (await this.settings.findOneBy({ id: SETTINGS_ID }))?.sweptAt ?? null;
  }

  async markSwept(at: Date): Promise<void> {
    const updated = await this.settings.update({ id: SETTINGS_ID }, { sweptAt: at });
    if (!updated.affected) await this.settings.insert({ id: SETTINGS_ID, ...NO_RULES, sweptAt: at });
  }

  private locked(manager: EntityManager): Promise<ChatRoleSettingsEntity | null> {
    return this.transactions.lockForUpdate(manager.createQueryBuilder(ChatRoleSettingsEntity, 'settings').where('settings.id = :id', { id: SETTINGS_ID })).getOne();
  }
}

/** Every mapping added, changed or removed must hold only bits the caller has, before and after. */
function mayReplace(callerBits: number, current: RoleMapping[], next: RoleMapping[]): boolean {
  const bitsOf = (list: RoleMapping[]) => new Map(list.map((mapping) => [mapping.chatRoleId, mapping.permissions]));
  const [before, after] = [bitsOf(current), bitsOf(next)];
  return [...new Set([...before.keys(), ...after.keys()])].every((roleId) => {
    const [old, now] = [before.get(roleId), after.get(roleId)];
    return old === now || (((old ?? 0) | (now ?? 0)) & ~callerBits) === 0;
  });
}

/** The bits the mapped roles among `roleIds` grant. */
export function bitsOfRoles(rules: ChatRoleRules, roleIds: readonly string[]): number {
  const held = new Set(roleIds);
  return rules.mappings.reduce((bits, mapping) => (held.has(mapping.chatRoleId) ? bits | mapping.permissions : bits), 0);
}

function toJson(rules: ChatRoleRules): RoleMappingsJson {
  return {
    mappings: rules.mappings.map(({ chatRoleId, permissions }) => ({ chatRoleId, permissions: String(permissions) })),
    requireMembership: rules.requireMembership,
    requiredRoleIds: rules.requiredRoleIds,
  };
}
