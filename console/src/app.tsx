import { useI18n } from './i18n/i18n';
import { useRouter } from './router/router';
import { NoStaffPage, SignedOutPage } from './screens/access';
import { ScreenFor } from './screens/screen';
import { STAFF_BITS } from './session/permissions';
import { useSession } from './session/session';
import { BareLayout, Shell } from './ui/layout';
import { Page } from './ui/page';
import { Loading, ProblemMessage } from './ui/states';

/** Who is here decides what shows: signing in, "no staff permission", or the console. */
export function App() {
  const { t } = useI18n();
  const session = useSession();
  const { route } = useRouter();
  const { state } = session;
  if (state.status === 'signedIn' && session.may(STAFF_BITS)) {
    return (
      <Shell>
        <ScreenFor route={route} />
      </Shell>
    );
  }
  return (
    <BareLayout>
      {state.status === 'loading' && (
        <Page title={t('app.title')}>
          <Loading />
        </Page>
      )}
      {state.status === 'failed' && (
        <Page title={t('app.title')}>
          <ProblemMessage problem={state.problem} retry={session.retry} />
        </Page>
      )}
      {state.status === 'signedOut' && <SignedOutPage notice={state.notice} />}
      {state.status === 'signedIn' && <NoStaffPage />}
    </BareLayout>
  );
}
