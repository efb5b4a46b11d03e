import { ApiProperty } from '@nestjs/swagger';
import type { SanctionEntity } from './sanction.entity';
import type { StaffNoteEntity } from './staff-note.entity';

/** The Sanction resource (decisions §11). */
export class SanctionJson {
  @ApiProperty() sanctionId: string;
  @ApiProperty() userId: string;
  @ApiProperty({ enum: ['ban', 'suspension', 'warning'] }) type: string;
  @ApiProperty() reason: string;
  @ApiProperty({ description: 'The issuer’s user id.' }) issuedBy: string;
  @ApiProperty() createdAt: string;
  @ApiProperty({ type: String, nullable: true }) expiresAt: string | null;
  @ApiProperty({ type: String, nullable: true }) revokedAt: string | null;
  @ApiProperty({ type: String, nullable: true }) revokedBy: string | null;
  @ApiProperty({ type: String, nullable: true }) revokeReason: string | null;
}

export class SanctionListJson {
  @ApiProperty({ type: [SanctionJson], description: 'Newest first, revoked and expired ones included.' }) sanctions: SanctionJson[];
}

export function toSanctionJson(sanction: SanctionEntity): SanctionJson {
  return {
    sanctionId: sanction.id,
    userId: sanction.userId,
    type: sanction.type,
    reason: sanction.reason,
    issuedBy: sanction.issuedBy,
    createdAt: sanction.createdAt.toISOString(),
    expiresAt: sanction.expiresAt?.toISOString() ?? null,
    revokedAt: sanction.revokedAt?.toISOString() ?? null,
    revokedBy: sanction.revokedBy,
    revokeReason: sanction.revokeReason,
  };
}

/** A staff note (decisions §12). */
export class NoteJson {
  @ApiProperty() noteId: string;
  @ApiProperty() userId: string;
  @ApiProperty() authorId: string;
  @ApiProperty() body: string;
  @ApiProperty() pinned: boolean;
  @ApiProperty() createdAt: string;
  @ApiProperty() updatedAt: string;
}

export class NoteListJson {
  @ApiProperty({ type: [NoteJson], description: 'Pinned first, then newest first.' }) notes: NoteJson[];
}

export function toNoteJson(note: StaffNoteEntity): NoteJson {
  return {
    noteId: note.id,
    userId: note.userId,
    authorId: note.authorId,
    body: note.body,
    pinned: Boolean(note.pinned),
    createdAt: note.createdAt.toISOString(),
    updatedAt: note.updatedAt.toISOString(),
  };
}

export class TagsJson {
  @ApiProperty({ type: [String] }) tags: string[];
}
