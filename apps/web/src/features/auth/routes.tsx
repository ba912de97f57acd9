import { PlaceholderScreen } from '@/shared/ui/placeholder-screen';

// The sign-in screens arrive with the auth issue; their routes already stand.
export const LoginRoute = () => <PlaceholderScreen titleKey="login.title" />;
export const LoginEmailRoute = () => <PlaceholderScreen titleKey="login.emailTitle" />;
export const RegistrationRoute = () => <PlaceholderScreen titleKey="login.registrationTitle" />;
export const RecoveryPasswordRoute = () => <PlaceholderScreen titleKey="login.recoveryTitle" />;
