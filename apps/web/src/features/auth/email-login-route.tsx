import { EmailLoginPage } from './components/email-login-page';
import { SessionGate } from './components/session-gate';

/** The e-mail and password sign-in: a route module of its own, so its screen's code loads only on that screen. */
export const LoginEmailRoute = () => (
  <SessionGate>
    <EmailLoginPage />
  </SessionGate>
);
