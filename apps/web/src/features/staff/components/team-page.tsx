import { useTranslation } from 'react-i18next';
import { usePageMeta } from '@/shared/hooks/use-page-meta';
import { useStaffMe } from '../api/get-me';
import { useSetStaffDisabled, useStaffAccounts } from '../api/staff-accounts';
import { formatDateTime } from '@portal/contracts/format';

/** Admin only: the staff members; an admin disables (no sign-in, every token ends) or enables one, never themselves. */
export function TeamPage() {
  const { t } = useTranslation();
  usePageMeta({ title: `${t('staff.team.title')} · ${t('staff.title')}` });
  const me = useStaffMe(true);
  const isAdmin = me.data?.role === 'admin';
  const accounts = useStaffAccounts(isAdmin);
  const setDisabled = useSetStaffDisabled();

  if (me.isPending) return <p role="status">{t('common.loading')}</p>;
  if (!isAdmin)
    return (
      <section className="staff-card">
        <h1>{t('staff.team.title')}</h1>
        <p role="alert" className="staff-error">
          {t('staff.errors.forbidden')}
        </p>
      </section>
    );

  return (
    <section className="staff-card" aria-labelledby="staff-team-title">
      <h1 id="staff-team-title">{t('staff.team.title')}</h1>
      {accounts.isError && (
        <p role="alert" className="staff-error">
          {t('staff.projects.error')}
        </p>
      )}
      {accounts.data && (
        <div className="staff-table-wrap">
          <table className="staff-table">
            <thead>
              <tr>
                <th scope="col">{t('staff.team.email')}</th>
                <th scope="col">{t('staff.team.role')}</th>
                <th scope="col">{t('staff.team.status')}</th>
              </tr>
            </thead>
            <tbody>
              {accounts.data.map((member) => (
                <tr key={member.id}>
                  <td>{member.email}</td>
                  <td>{t(`staff.roles.${member.role}`)}</td>
                  <td>
                    {member.disabledAt ? t('staff.team.disabledAt', { date: formatDateTime(member.disabledAt) }) : t('staff.team.active')}{' '}
                    {member.id === me.data?.id ? (
                      <span className="staff-muted">{t('staff.team.you')}</span>
                    ) : (
                      <button
                        type="button"
                        className="staff-button"
                        disabled={setDisabled.isPending}
                        aria-label={t(member.disabledAt ? 'staff.team.enableMember' : 'staff.team.disableMember', { email: member.email })}
                        onClick={() => setDisabled.mutate({ id: member.id, disabled: !member.disabledAt })}
                      >
                        {t(member.disabledAt ? 'staff.team.enable' : 'staff.team.disable')}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {setDisabled.isError && (
        <p role="alert" className="staff-error">
          {t('staff.projects.error')}
        </p>
      )}
    </section>
  );
}
