import { useState } from 'react';
import { type ApiProblem, asProblem } from '../api/problem';
import { useI18n } from '../i18n/i18n';
import { Link } from '../router/router';
import { nameOf, type Needs } from '../session/permissions';
import { type SignedOutNotice, useSession } from '../session/session';
import { startSignIn } from '../session/sign-in';
import { Page } from '../ui/page';
import { ProblemMessage } from '../ui/states';

/** Signed out: one button to the chat provider's sign-in, and why the person is here if there is a why. */
export function SignedOutPage({ notice }: { notice?: SignedOutNotice }) {
  const { t } = useI18n();
  const [problem, setProblem] = useState<ApiProblem | undefined>();
  const [leaving, setLeaving] = useState(false);
  const signIn = async () => {
    setLeaving(true);
    setProblem(undefined);
    try {
      await startSignIn();
    } catch (error) {
      setProblem(asProblem(error));
      setLeaving(false);
    }
  };
  return (
    <Page title={t('signIn.title')}>
      {notice && <p className="notice">{noticeText(notice, t)}</p>}
      <p>{t('signIn.explain')}</p>
      <button type="button" className="primary" onClick={signIn} disabled={leaving}>
        {leaving ? t('state.working') : t('signIn.action')}
      </button>
      {problem && <ProblemMessage problem={problem} retry={signIn} />}
    </Page>
  );
}

function noticeText(notice: SignedOutNotice, t: ReturnType<typeof useI18n>['t']): string {
  if (typeof notice === 'object') {
    const known = ['banned', 'unavailable', 'not_a_member', 'missing_role'];
    return known.includes(notice.failed) ? t(`signIn.failed.${notice.failed as 'banned'}`) : t('signIn.failed.other');
  }
  return t(`signIn.notice.${notice}`);
}

/** Signed in without any staff bit: said plainly, with the way out. */
export function NoStaffPage() {
  const { t } = useI18n();
  const { state, signOut } = useSession();
  const name = state.status === 'signedIn' ? state.me.name : '';
  return (
    <Page title={t('noStaff.title')}>
      <p>{t('noStaff.explain', { name })}</p>
      <p>{t('noStaff.howTo')}</p>
      <button type="button" onClick={() => signOut().catch(() => undefined)}>
        {t('session.signOut')}
      </button>
    </Page>
  );
}

/** A screen the signed-in user's bits do not open (typed or bookmarked address). */
export function MissingPermissionPage({ needs }: { needs: Needs }) {
  const { t, either } = useI18n();
  return (
    <Page title={t('missing.title')}>
      <p>{t('problem.missingPermission', { permissions: either(needs.map((bit) => t(`permission.${nameOf(bit)}`))) })}</p>
      <p>
        <Link to={{ screen: 'home' }}>{t('nav.home')}</Link>
      </p>
    </Page>
  );
}

export function NotFoundPage() {
  const { t } = useI18n();
  return (
    <Page title={t('notFound.title')}>
      <p>{t('notFound.explain')}</p>
      <p>
        <Link to={{ screen: 'home' }}>{t('nav.home')}</Link>
      </p>
    </Page>
  );
}
