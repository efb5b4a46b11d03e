import { type FormEvent, useId, useState } from 'react';
import type { Schemas } from '../../../../clients/typescript';
import { api } from '../../api/client';
import { useAction } from '../../api/action';
import { answer } from '../../api/problem';
import { useI18n } from '../../i18n/i18n';
import { STAFF_READERS } from '../../session/permissions';
import { FormEnd } from '../../ui/form-end';
import { Empty, Notice } from '../../ui/states';
import { NoteItem } from './note-item';
import { MAX_NOTE, type NotesChange } from './note-rules';

type Note = Schemas['NoteJson'];

/** Staff notes about the user: never shown to the user; the author or an administrator changes them. */
export function NotesSection({ userId, notes, changed }: { userId: string; notes: Note[]; changed(change: NotesChange): void }) {
  const { t } = useI18n();
  const [notice, setNotice] = useState<string | undefined>();
  const tell = (change: NotesChange, message: string) => {
    changed(change);
    setNotice(message);
  };
  return (
    <section aria-labelledby="notes">
      <h2 id="notes">{t('dossier.notes')}</h2>
      <p className="hint">{t('notes.private')}</p>
      {notice && <Notice>{notice}</Notice>}
      <NewNoteForm userId={userId} added={(note) => tell({ saved: note }, t('notes.added'))} />
      {notes.length === 0 ? (
        <Empty>{t('dossier.noNotes')}</Empty>
      ) : (
        <ul className="rows">
          {notes.map((note) => (
            <NoteItem key={note.noteId} note={note} changed={tell} />
          ))}
        </ul>
      )}
    </section>
  );
}

function NewNoteForm({ userId, added }: { userId: string; added(note: Note): void }) {
  const { t } = useI18n();
  const [body, setBody] = useState('');
  const [pinned, setPinned] = useState(false);
  const ids = { body: useId(), counter: useId() };
  const create = useAction(() => answer(api.POST('/v1/users/{userId}/notes', { params: { path: { userId } }, body: { body: body.trim(), pinned } })));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const note = await create.run();
    if (!note) return;
    setBody('');
    setPinned(false);
    added(note);
  };
  return (
    <form className="note-form" onSubmit={submit}>
      <div className="field">
        <label htmlFor={ids.body}>{t('notes.new')}</label>
        <textarea id={ids.body} required maxLength={MAX_NOTE} rows={3} value={body} aria-describedby={ids.counter} onChange={(event) => setBody(event.target.value)} />
        <p id={ids.counter} className="hint">
          {t('form.characters', { count: body.length, max: MAX_NOTE })}
        </p>
      </div>
      <label className="check">
        <input type="checkbox" checked={pinned} onChange={(event) => setPinned(event.target.checked)} />
        {t('notes.pinNew')}
      </label>
      <FormEnd action={create} submit={t('notes.add')} needs={STAFF_READERS} forbidden="problem.forbidden.ownNotes" />
    </form>
  );
}
