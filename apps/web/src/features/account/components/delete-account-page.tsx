import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { clearSignIn } from '@/shared/auth/auth-store';
import { useStoredUser } from '@/shared/hooks/use-stored-user';
import { useCurrentLanguage } from '@/shared/hooks/use-current-language';
import { usePageMeta } from '@/shared/hooks/use-page-meta';
import { notify } from '@/shared/ui/notify';
import { routes } from '@/shared/paths';
import { useDeleteAccount } from '../api/delete-account';
import './account.css';
import { supportKeys, userKeys } from '@/shared/api/query-keys';

/** Account deletion: an explicit confirmation, then the server removes the personal data. */
export function DeleteAccountPage() {
  const { t } = useTranslation();
  const lng = useCurrentLanguage();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = useStoredUser();
  const remove = useDeleteAccount();
  const [confirmed, setConfirmed] = useState(false);
  const [done, setDone] = useState(false);
  usePageMeta({ title: `${t('account.deleteTitle')} · ${t('header.portalName')}` });

  if (!user && !done) return <Navigate to={routes.login.getHref()} replace state={{ from: routes.accountDelete.getHref() }} />;

  const onDelete = async () => {
    if (!confirmed) return;
    try {
      await remove.mutateAsync({ confirmation: true });
      setDone(true);
      clearSignIn();
      queryClient.removeQueries({ queryKey: userKeys.all });
      queryClient.removeQueries({ queryKey: supportKeys.all });
      notify({ kind: 'success', text: t('account.deleted'), id: 'account-deleted' });
      navigate(routes.catalogue.getHref(lng), { replace: true });
    } catch {
      notify({ kind: 'error', text: t('account.deleteFailed'), id: 'account-delete-failed' });
    }
  };

  return (
    <section className="account-card" aria-labelledby="delete-title">
      <h1 id="delete-title">{t('account.deleteTitle')}</h1>
      <p>{t('account.deleteText')}</p>
      <div className="account-confirm">
        <input id="delete-confirm" type="checkbox" checked={confirmed} onChange={(event) => setConfirmed(event.target.checked)} />
        <label htmlFor="delete-confirm">{t('account.deleteConfirm')}</label>
      </div>
      <button
        type="button"
        className="button account-card__danger"
        disabled={!confirmed || remove.isPending}
        onClick={() => void onDelete()}
      >
        {t('account.deleteButton')}
      </button>
    </section>
  );
}
