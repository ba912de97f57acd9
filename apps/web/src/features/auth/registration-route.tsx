import { RegistrationPage } from './components/registration-page';
import { SessionGate } from './components/session-gate';

/** The registration form: a route module of its own, so its screen's code loads only on that screen. */
export const RegistrationRoute = () => (
  <SessionGate>
    <RegistrationPage />
  </SessionGate>
);
