import type { Schemas } from '../../../../clients/typescript';

type Note = Schemas['NoteJson'];

export const MAX_NOTE = 2000;

/** What a note's change did to the list: one saved (created or changed), or one gone. */
export interface NotesChange {
  saved?: Note;
  deletedId?: string;
}

/** The order the API keeps: pinned notes first, then newest first. */
export function sortNotes(notes: Note[]): Note[] {
  return [...notes].sort((a, b) => Number(b.pinned) - Number(a.pinned) || b.createdAt.localeCompare(a.createdAt));
}

export function applyNotesChange(notes: Note[], change: NotesChange): Note[] {
  const others = notes.filter((note) => note.noteId !== (change.saved?.noteId ?? change.deletedId));
  return sortNotes(change.saved ? [...others, change.saved] : others);
}
