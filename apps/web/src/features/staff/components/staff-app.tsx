import { Navigate, Route, Routes } from 'react-router';
import { useStaffToken } from '../api/staff-session';
import { staffPaths } from '../staff-paths';
import { InboxPage } from './inbox-page';
import { ProjectsPage } from './projects-page';
import { SignInPage } from './sign-in-page';
import { StaffShell } from './staff-shell';
import { TeamPage } from './team-page';
import './staff.css';

/** Signed out: the sign-in form at any /staff address; signed in: the shell and its pages. */
export function StaffApp() {
  const token = useStaffToken();
  if (!token) return <SignInPage />;
  return (
    <StaffShell token={token}>
      <Routes>
        <Route index element={<InboxPage />} />
        <Route path="tickets/:id" element={<InboxPage />} />
        <Route path="projects" element={<ProjectsPage />} />
        <Route path="team" element={<TeamPage />} />
        <Route path="*" element={<Navigate to={staffPaths.inbox()} replace />} />
      </Routes>
    </StaffShell>
  );
}
