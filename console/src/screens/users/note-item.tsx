import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import type { Schemas } from '../../../../clients/typescript';
import { api } from '../../api/client';
import { useAction } from '../../api/action';
import { answer } from '../../api/problem';
import { useI18n } from '../../i18n/i18n';
import { ADMINISTRATORS, STAFF_READERS } from '../../session/permissions';
import { useMe, useSession } from '../../session/session';
import { ActionDialog } from '../../ui/action-dialog';
import { ProblemMessage } from '../../ui/states';
import { Time } from '../../ui/time';
import { MAX_NOTE, type NotesChange } from './note-rules';
import { PersonLink } from './person-link';

type Note = Schemas['NoteJson'];

/** One note; its author or an administrator pins, edits or deletes it. */
export function NoteItem({ note, changed }: { note: Note; changed(change: NotesChange, message: string): void }) {
  const { t } = useI18n();
  const me = useMe();
  const { may } = useSession();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const patch = useAction((change: { body?: string; pinned?: boolean }) => answer(api.PATCH('/v1/notes/{noteId}', { params: { path: { noteId: note.noteId } }, body: change })));
  const mayChange = note.authorId === me.userId || may(ADMINISTRATORS);
  const togglePin = async () => {
    const saved = await patch.run({ pinned: !note.pinned });
    if (saved) changed({ saved }, t(saved.pinned ? 'notes.pinned' : 'notes.unpinned'));
  };
  const stopEditing = () => {
    setEditing(false);
    // The editor's buttons are gone: the keyboard continues from the note's own Edit button.
    requestAnimationFrame(() => editButton.current?.focus());
  };
  return (
    <li className={note.pinned ? 'row pinned' : 'row'}>
      {note.pinned && <p className="badge pin">{t('notes.pinnedBadge')}</p>}
      {editing ? (
        <NoteEditor note={note} saved={(saved) => (changed({ saved }, t('notes.saved')), stopEditing())} cancel={stopEditing} />
      ) : (
        <p className="quote">{note.body}</p>
      )}
      <p className="hint">
        <PersonLink userId={note.authorId} />, <Time value={note.createdAt} />
        {note.updatedAt !== note.createdAt && (
          <>
            {' '}
            ({t('notes.edited')} <Time value={note.updatedAt} />)
          </>
        )}
      </p>
      {patch.problem && <ProblemMessage problem={patch.problem} needs={STAFF_READERS} forbidden="problem.forbidden.note" />}
      {mayChange && !editing && (
        <div className="buttons">
          <button type="button" onClick={togglePin} disabled={patch.pending} aria-pressed={note.pinned}>
            {t('notes.pin')}
          </button>
          <button type="button" ref={editButton} onClick={() => setEditing(true)}>
            {t('action.edit')}
          </button>
          <button type="button" className="danger" onClick={() => setDeleting(true)}>
            {t('action.delete')}
          </button>
        </div>
      )}
      {deleting && (
        <ActionDialog
          title={t('notes.deleteTitle')}
          confirm={t('action.delete')}
          danger
          needs={STAFF_READERS}
          forbidden="problem.forbidden.note"
          perform={() => answer(api.DELETE('/v1/notes/{noteId}', { params: { path: { noteId: note.noteId } } }))}
          done={() => changed({ deletedId: note.noteId }, t('notes.deleted'))}
          onClose={() => setDeleting(false)}
        >
          <p className="quote">{note.body}</p>
        </ActionDialog>
      )}
    </li>
  );
}

function NoteEditor({ note, saved, cancel }: { note: Note; saved(note: Note): void; cancel(): void }) {
  const { t } = useI18n();
  const [body, setBody] = useState(note.body);
  const field = useRef<HTMLTextAreaElement>(null);
  const id = useId();
  const save = useAction(() => answer(api.PATCH('/v1/notes/{noteId}', { params: { path: { noteId: note.noteId } }, body: { body: body.trim() } })));
  useEffect(() => field.current?.focus(), []);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const note = await save.run();
    if (note) saved(note);
  };
  return (
    <form onSubmit={submit}>
      <div className="field">
        <label htmlFor={id}>{t('notes.editLabel')}</label>
        <textarea id={id} ref={field} required maxLength={MAX_NOTE} rows={3} value={body} onChange={(event) => setBody(event.target.value)} />
      </div>
      {save.problem && <ProblemMessage problem={save.problem} needs={STAFF_READERS} forbidden="problem.forbidden.note" />}
      <div className="buttons">
        <button type="submit" className="primary" disabled={save.pending}>
          {t('action.save')}
        </button>
        <button type="button" onClick={cancel}>
          {t('action.cancel')}
        </button>
      </div>
    </form>
  );
}
