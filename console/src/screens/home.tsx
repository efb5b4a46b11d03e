import { useI18n } from '../i18n/i18n';
import { Link } from '../router/router';
import { SECTION_GROUPS } from '../sections';
import { permissionNames } from '../session/permissions';
import { useMe, useSession } from '../session/session';
import { Page } from '../ui/page';

/** Where the console opens: who you are, what you hold, and the screens that opens. */
export function HomePage() {
  const { t, all } = useI18n();
  const me = useMe();
  const { may } = useSession();
  const groups = SECTION_GROUPS.map((group) => ({ ...group, sections: group.sections.filter((section) => may(section.needs)) })).filter(
    (group) => group.sections.length > 0,
  );
  const held = permissionNames(me.permissions).filter((name) => name !== 'USER');
  return (
    <Page title={t('home.title', { name: me.name })} intro={t('home.permissions', { permissions: all(held.map((name) => t(`permission.${name}`))) })}>
      {groups.length === 0 && <p>{t('home.nothing')}</p>}
      {groups.map((group) => (
        <section key={group.label} aria-labelledby={`home-${group.label}`}>
          <h2 id={`home-${group.label}`}>{t(group.label)}</h2>
          <ul className="cards">
            {group.sections.map((section) => (
              <li key={section.screen} className="card">
                <Link to={section.route}>{t(section.label)}</Link>
                <p>{t(section.description)}</p>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </Page>
  );
}
