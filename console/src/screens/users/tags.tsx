import { type FormEvent, useEffect, useState } from 'react';
import { api } from '../../api/client';
import { useAction } from '../../api/action';
import { answer } from '../../api/problem';
import { useResource } from '../../api/resource';
import { useI18n } from '../../i18n/i18n';
import { STAFF_READERS } from '../../session/permissions';
import { Loading, Notice, ProblemMessage } from '../../ui/states';

/** The user's staff tags, chosen among the ones the service allows (`STAFF_TAGS`). */
export function TagsSection({ userId, tags, changed }: { userId: string; tags: string[]; changed(tags: string[]): void }) {
  const { t } = useI18n();
  const allowed = useResource((signal) => answer(api.GET('/v1/staff/tags', { signal })), []);
  const [chosen, setChosen] = useState(() => new Set(tags));
  const [saved, setSaved] = useState(false);
  useEffect(() => setChosen(new Set(tags)), [tags]);
  const save = useAction(() => answer(api.PUT('/v1/users/{userId}/tags', { params: { path: { userId } }, body: { tags: [...chosen] } })));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await save.run();
    if (!result) return;
    changed(result.tags);
    setSaved(true);
  };
  const toggle = (tag: string) => {
    const next = new Set(chosen);
    if (next.has(tag)) next.delete(tag);
    else next.add(tag);
    setChosen(next);
    setSaved(false);
  };
  // A tag the user holds stays offered even if the service no longer allows it, so it can be removed.
  const offered = allowed.status === 'ready' ? [...new Set([...allowed.data.tags, ...tags])] : [];
  return (
    <section aria-labelledby="tags">
      <h2 id="tags">{t('dossier.tags')}</h2>
      {saved && <Notice>{t('tags.saved')}</Notice>}
      {allowed.status === 'loading' && <Loading />}
      {allowed.status === 'failed' && <ProblemMessage problem={allowed.problem} retry={allowed.reload} needs={STAFF_READERS} />}
      {allowed.status === 'ready' && (
        <form onSubmit={submit}>
          <fieldset className="checks">
            <legend>{t('tags.legend')}</legend>
            {offered.map((tag) => (
              <label key={tag} className="check">
                <input type="checkbox" checked={chosen.has(tag)} onChange={() => toggle(tag)} />
                {tag}
              </label>
            ))}
          </fieldset>
          {save.problem && <ProblemMessage problem={save.problem} needs={STAFF_READERS} />}
          <div className="buttons">
            <button type="submit" disabled={save.pending}>
              {t('tags.save')}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
