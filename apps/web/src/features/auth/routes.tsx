import { LoginMethodsPage } from './components/login-methods-page';
import { EmailLoginPage } from './components/email-login-page';
import { RegistrationPage } from './components/registration-page';
import { RecoveryPage } from './components/recovery-page';
import { SessionGate } from './components/session-gate';

export const LoginRoute = () => (
  <SessionGate>
    <LoginMethodsPage />
  </SessionGate>
);
export const LoginEmailRoute = () => (
  <SessionGate>
    <EmailLoginPage />
  </SessionGate>
);
export const RegistrationRoute = () => (
  <SessionGate>
    <RegistrationPage />
  </SessionGate>
);
export const RecoveryPasswordRoute = () => (
  <SessionGate>
    <RecoveryPage />
  </SessionGate>
);
