import { createRoot } from 'react-dom/client';
import { App } from './app';
import { I18nProvider } from './i18n/i18n';
import { RouterProvider } from './router/router';
import { SessionProvider } from './session/session';
import { completeSignIn } from './session/sign-in';
import './styles/base.css';
import './styles/layout.css';
import './styles/components.css';

// Before the routes read the address: a return from sign-in rewrites it to where the sign-in began.
const returned = completeSignIn();

createRoot(document.getElementById('root')!).render(
  <I18nProvider>
    <RouterProvider>
      <SessionProvider returned={returned}>
        <App />
      </SessionProvider>
    </RouterProvider>
  </I18nProvider>,
);
