import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isGoingToSignIn } from '@/shared/auth/auth-store';
import { useStoredUser } from '@/shared/hooks/use-stored-user';
import { usePageMeta } from '@/shared/hooks/use-page-meta';
import { routes } from '@/shared/paths';
import { FullScreenLoader } from '@/shared/ui/full-screen-loader';
import { TransactionsList } from './transactions-list';
import './transactions.css';

/**
 * `/transactions`: the purchase history of the signed-in player (others go to the start page,
 * a player whose token was just rejected to the login screen); `?project=` (a game embedding
 * it) lists that game's purchases only.
 */
export function TransactionsPage() {
  const { t } = useTranslation();
  const user = useStoredUser();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  usePageMeta({ title: `${t('transactions.title')} · ${t('header.portalName')}` });
  // Signed out by a rejected token: the login screen is on its way, not the start page.
  if (!user) return isGoingToSignIn() ? <FullScreenLoader /> : <Navigate to={routes.home.getHref()} replace />;
  return (
    <section className="tx-page" aria-labelledby="tx-title">
      <h1 id="tx-title">{t('transactions.title')}</h1>
      <TransactionsList project={search.get('project')} onHelp={(id) => navigate(routes.transactionsHelp.getHref(id))} />
    </section>
  );
}
