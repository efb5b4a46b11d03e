import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type EntityManager, In, type Repository } from 'typeorm';
import { StaffNoteEntity } from './staff-note.entity';

/** Data access for staff notes; lists put pinned notes first, then the newest. */
@Injectable()
export class StaffNotesRepository {
  constructor(@InjectRepository(StaffNoteEntity) private readonly notes: Repository<StaffNoteEntity>) {}

  listOfUsers(userIds: string[]): Promise<StaffNoteEntity[]> {
    if (userIds.length === 0) return Promise.resolve([]);
    return this.notes.find({ where: { userId: In(userIds) }, order: { pinned: 'DESC', id: 'DESC' } });
  }

  findById(id: string): Promise<StaffNoteEntity | null> {
    return this.notes.findOneBy({ id });
  }

  async insert(manager: EntityManager, values: Pick<StaffNoteEntity, 'id' | 'userId' | 'authorId' | 'body' | 'pinned'>): Promise<StaffNoteEntity> {
    await manager.insert(StaffNoteEntity, values);
    return manager.findOneByOrFail(StaffNoteEntity, { id: values.id });
  }

  async update(manager: EntityManager, id: string, changes: Partial<Pick<StaffNoteEntity, 'body' | 'pinned'>>): Promise<StaffNoteEntity> {
    if (Object.keys(changes).length) await manager.update(StaffNoteEntity, { id }, changes);
    return manager.findOneByOrFail(StaffNoteEntity, { id });
  }

  async delete(manager: EntityManager, id: string): Promise<void> {
    await manager.delete(StaffNoteEntity, { id });
  }
}
