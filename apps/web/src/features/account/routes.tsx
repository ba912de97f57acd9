import { ProfilePage } from './components/profile-page';
import { DeleteAccountPage } from './components/delete-account-page';

export const ProfileRoute = () => <ProfilePage />;
export const DeleteAccountRoute = () => <DeleteAccountPage />;
