import { useEffect } from 'react';
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { manualRedirectToAuth, needsManualRedirect } from '@/shared/auth/manual-redirect';
import { isGoingToSignIn } from '@/shared/auth/auth-store';
import { useStoredUser } from '@/shared/hooks/use-stored-user';
import { usePageMeta } from '@/shared/hooks/use-page-meta';
import { routes } from '@/shared/paths';
import { FullScreenLoader } from '@/shared/ui/full-screen-loader';
import { useUserPayment } from '../api/get-user-payment';
import { PaymentHelpForm } from './payment-help-form';
import './transactions.css';

/**
 * `/transactions/help/:id?` (or `?id=`): the support request about one purchase. A payment
 * that is not the player's goes back to the history, a lookup that fails to the sign-in screen;
 * OK after sending goes to the start page.
 */
export function TransactionHelpPage() {
  const { t } = useTranslation();
  const user = useStoredUser();
  const navigate = useNavigate();
  const params = useParams();
  const [search] = useSearchParams();
  const id = params.id || search.get('id') || undefined;
  const payment = useUserPayment(user ? id : undefined);
  usePageMeta({ title: `${t('transactions.helpTitle')} · ${t('header.portalName')}` });
  // A lookup that fails (not a missing payment: that is a null result) goes back to sign-in.
  const redirect = payment.isError && needsManualRedirect(payment.error);
  const project = search.get('project');
  useEffect(() => {
    if (redirect) void manualRedirectToAuth({ project });
  }, [redirect, project]);

  // Signed out by a rejected token: the login screen is on its way, not the start page.
  if (isGoingToSignIn()) return <FullScreenLoader />;
  if (!user) return <Navigate to={routes.home.getHref()} replace />;
  if (!id) return <Navigate to={routes.transactions.getHref()} replace />;
  if (payment.isPending) return <FullScreenLoader />;
  if (payment.isError) {
    return (
      <p className="tx-message" role="alert">
        {t('transactions.loadError')}
      </p>
    );
  }
  if (!payment.data) return <Navigate to={routes.transactions.getHref()} replace />;
  return (
    <section className="tx-page" aria-labelledby="tx-help-title">
      <p>
        <Link to={routes.transactions.getHref()}>{t('transactions.back')}</Link>
      </p>
      <h1 id="tx-help-title">{t('transactions.helpTitle')}</h1>
      <PaymentHelpForm paymentId={payment.data.uuid} onDone={() => navigate(routes.home.getHref())} />
    </section>
  );
}
