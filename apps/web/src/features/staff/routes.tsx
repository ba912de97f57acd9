import { StaffApp } from './components/staff-app';

/** /staff/*: the staff console, its own lazy bundle (nothing of it in the portal's entry chunk). */
export const StaffRoute = () => <StaffApp />;
