import { LoginMethodsPage } from './components/login-methods-page';
import { SessionGate } from './components/session-gate';

/** The sign-in method list: a route module of its own, so its screen's code loads only on that screen. */
export const LoginRoute = () => (
  <SessionGate>
    <LoginMethodsPage />
  </SessionGate>
);
