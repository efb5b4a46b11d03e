import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { UserEntity } from './user.entity';
import { type ActivationChoice, UsersRepository } from './users.repository';

export type { ActivationChoice };

/** What other modules may do with the `users` table: the narrow face of `UsersRepository`. */
@Injectable()
export class UserRecords {
  constructor(private readonly users: UsersRepository) {}

  exists(manager: EntityManager, userId: string): Promise<boolean> {
    return this.users.exists(manager, userId);
  }

  /** Locks the user's row, so that decisions about what belongs to the user are taken one at a time. */
  lock(manager: EntityManager, userId: string): Promise<UserEntity | null> {
    return this.users.lock(manager, userId);
  }

  activateWhereNone(manager: EntityManager, choices: ActivationChoice[]): Promise<void> {
    return this.users.activateWhereNone(manager, choices);
  }
}
