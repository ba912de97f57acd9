import { RecoveryPage } from './components/recovery-page';
import { SessionGate } from './components/session-gate';

/** The password recovery form: a route module of its own, so its screen's code loads only on that screen. */
export const RecoveryPasswordRoute = () => (
  <SessionGate>
    <RecoveryPage />
  </SessionGate>
);
