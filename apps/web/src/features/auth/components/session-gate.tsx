import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FullScreenLoader } from '@/shared/ui/full-screen-loader';
import { usePageMeta } from '@/shared/hooks/use-page-meta';
import { useSessionState } from '../api/get-session';
import { segment } from '../flow';
import './auth-card.css';

/**
 * A sign-in screen opened for a host's session checks it first: an unknown or expired session
 * shows "Session not found" instead of the screen, so nothing is signed in for it and no result
 * goes to a host. Without a session (a portal sign-in) the screen shows at once.
 */
export function SessionGate({ children }: { children: ReactNode }) {
  const { session } = useParams();
  const state = useSessionState(segment(session));
  if (state === 'checking') return <FullScreenLoader />;
  if (state === 'notFound') return <SessionNotFound />;
  return children;
}

function SessionNotFound() {
  const { t } = useTranslation();
  usePageMeta({ title: `${t('login.sessionNotFound')} · ${t('header.portalName')}` });
  return (
    <section className="auth-card" aria-labelledby="session-not-found">
      <div role="alert">
        <h1 id="session-not-found">{t('login.sessionNotFound')}</h1>
      </div>
    </section>
  );
}
