import { LoginMethodsPage } from './components/login-methods-page';
import { EmailLoginPage } from './components/email-login-page';
import { RegistrationPage } from './components/registration-page';
import { RecoveryPage } from './components/recovery-page';

export const LoginRoute = () => <LoginMethodsPage />;
export const LoginEmailRoute = () => <EmailLoginPage />;
export const RegistrationRoute = () => <RegistrationPage />;
export const RecoveryPasswordRoute = () => <RecoveryPage />;
