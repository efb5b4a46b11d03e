import { createContext, type ReactNode, useContext } from 'react';
import { useI18n } from '../../i18n/i18n';
import { Link } from '../../router/router';
import { useMe } from '../../session/session';

/** Names a screen already knows for some user ids (a dossier knows its user's), shown instead of the ids. */
const KnownNames = createContext<ReadonlyMap<string, string>>(new Map());

export function KnownNamesProvider({ names, children }: { names: ReadonlyMap<string, string>; children: ReactNode }) {
  return <KnownNames.Provider value={names}>{children}</KnownNames.Provider>;
}

/** A user named by id: a link to their dossier, or "Ana (you)" (one's own dossier is closed to one). */
export function PersonLink({ userId }: { userId: string }) {
  const { t } = useI18n();
  const me = useMe();
  const name = useContext(KnownNames).get(userId);
  if (userId === me.userId) return <>{t('person.you', { name: me.name })}</>;
  return (
    <Link to={{ screen: 'dossier', userId }} className={name ? undefined : 'mono'}>
      {name ?? userId}
    </Link>
  );
}
