import { type MouseEvent, type ReactNode, useEffect, useState } from 'react';
import { useI18n } from '../i18n/i18n';
import { Link, useRouter } from '../router/router';
import { SECTION_GROUPS, sectionOf } from '../sections';
import { useSession } from '../session/session';
import { LocaleSwitch } from './locale-switch';

function SkipLink() {
  const { t } = useI18n();
  // Focus, not a #fragment: the address belongs to the client-side routes.
  const skip = (event: MouseEvent) => {
    event.preventDefault();
    document.getElementById('main')?.focus();
  };
  return (
    <a className="skip-link" href="#main" onClick={skip}>
      {t('nav.skip')}
    </a>
  );
}

function Brand() {
  const { t } = useI18n();
  return (
    <Link to={{ screen: 'home' }} className="brand">
      {t('app.title')}
    </Link>
  );
}

/** Pages without the navigation: signing in, no staff permission, loading. */
export function BareLayout({ children }: { children: ReactNode }) {
  return (
    <div className="shell bare">
      <SkipLink />
      <header className="topbar">
        <Brand />
        <LocaleSwitch />
      </header>
      <main id="main" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}

/** The console for a signed-in member of staff: the sections they may open, a menu button under 48rem. */
export function Shell({ children }: { children: ReactNode }) {
  const { t } = useI18n();
  const { route } = useRouter();
  const [menuOpen, setMenuOpen] = useState(false);
  useEffect(() => setMenuOpen(false), [route]);
  return (
    <div className="shell">
      <SkipLink />
      <header className="topbar">
        <Brand />
        <button type="button" className="menu-toggle" aria-expanded={menuOpen} aria-controls="site-menu" onClick={() => setMenuOpen(!menuOpen)}>
          {t('nav.menu')}
        </button>
      </header>
      <div id="site-menu" className={menuOpen ? 'sidebar open' : 'sidebar'}>
        <Navigation />
        <div className="tools">
          <LocaleSwitch />
          <SignedInAs />
        </div>
      </div>
      <main id="main" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}

function Navigation() {
  const { t } = useI18n();
  const { may } = useSession();
  const { route } = useRouter();
  const current = sectionOf(route.screen)?.screen;
  const groups = SECTION_GROUPS.map((group) => ({ ...group, sections: group.sections.filter((section) => may(section.needs)) })).filter(
    (group) => group.sections.length > 0,
  );
  return (
    <nav aria-label={t('nav.label')}>
      {groups.map((group) => (
        <div key={group.label} className="nav-group">
          <p id={`nav-${group.label}`} className="nav-group-label">
            {t(group.label)}
          </p>
          <ul aria-labelledby={`nav-${group.label}`}>
            {group.sections.map((section) => (
              <li key={section.screen}>
                <Link to={section.route} aria-current={section.screen === current ? 'page' : undefined}>
                  {t(section.label)}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}

function SignedInAs() {
  const { t } = useI18n();
  const { state, signOut } = useSession();
  const [failed, setFailed] = useState(false);
  if (state.status !== 'signedIn') return null;
  const leave = () => signOut().catch(() => setFailed(true));
  return (
    <div className="signed-in">
      <p>{t('session.signedInAs', { name: state.me.name })}</p>
      <button type="button" onClick={leave}>
        {t('session.signOut')}
      </button>
      {failed && <p role="alert">{t('session.signOutFailed')}</p>}
    </div>
  );
}
