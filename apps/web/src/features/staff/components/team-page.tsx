import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { STAFF_ROLES, ZStaffAccountRequest, type TStaffAccount, type TStaffRole } from '@portal/contracts/staff';
import { formatDateTime } from '@portal/contracts/format';
import { ApiError } from '@/shared/api/client';
import { usePageMeta } from '@/shared/hooks/use-page-meta';
import { useStaffMe } from '../api/get-me';
import {
  useChangeStaffRole,
  useInviteStaff,
  useSendStaffPasswordLink,
  useSetStaffDisabled,
  useSignOutStaff,
  useStaffAccounts,
} from '../api/staff-accounts';
import { ConfirmAction } from './confirm-action';

/** The server's answer to a failed team call, as a sentence for the admin. */
function teamErrorKey(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === 'STAFF_EXISTS') return 'staff.team.errors.exists';
    if (error.code === 'CANNOT_DISABLE_SELF' || error.code === 'CANNOT_CHANGE_OWN_ROLE') return 'staff.team.errors.self';
    if (error.code === 'STAFF_NOT_FOUND') return 'staff.team.errors.notFound';
    if (error.status === 503) return 'staff.team.errors.noMail';
    if (error.status === 400) return 'staff.team.errors.invalid';
  }
  return 'staff.projects.error';
}

/**
 * Admin only, the staff members: invite by e-mail and role (the invitee sets their own
 * password from an e-mailed link), change another member's role, disable or enable, sign out
 * everywhere, and e-mail a new set-password link.
 */
export function TeamPage() {
  const { t } = useTranslation();
  usePageMeta({ title: `${t('staff.team.title')} · ${t('staff.title')}` });
  const me = useStaffMe(true);
  const isAdmin = me.data?.role === 'admin';
  const accounts = useStaffAccounts(isAdmin);

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
    <div className="staff-team">
      <h1 id="staff-team-title">{t('staff.team.title')}</h1>
      <InviteForm />
      <section className="staff-card" aria-labelledby="staff-team-members">
        <h2 id="staff-team-members">{t('staff.team.members')}</h2>
        {accounts.isError && (
          <p role="alert" className="staff-error">
            {t('staff.projects.error')}
          </p>
        )}
        {accounts.data && <MemberTable members={accounts.data} myId={me.data?.id ?? ''} />}
      </section>
    </div>
  );
}

/** Invite: e-mail and role; the server mails the set-password link. */
function InviteForm() {
  const { t } = useTranslation();
  const invite = useInviteStaff();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<TStaffRole>('support');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [invited, setInvited] = useState<string | null>(null);
  const emailId = useId();
  const roleId = useId();
  const errorId = `${emailId}-error`;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setInvited(null);
    const parsed = ZStaffAccountRequest.safeParse({ email, role });
    if (!parsed.success) {
      setEmailError(email.trim() ? 'staff.team.errors.email' : 'staff.team.errors.enterEmail');
      return;
    }
    setEmailError(null);
    invite.mutate(
      { email: parsed.data.email, role: parsed.data.role },
      {
        onSuccess: (member) => {
          setInvited(member.email);
          setEmail('');
        },
        onError: (error) => {
          // A refused e-mail (taken, malformed) belongs to its field; the rest to the form.
          if (error instanceof ApiError && (error.code === 'STAFF_EXISTS' || (error.status === 400 && /email/i.test(error.message))))
            setEmailError(teamErrorKey(error) === 'staff.team.errors.invalid' ? 'staff.team.errors.email' : teamErrorKey(error));
        },
      },
    );
  };
  const formError = invite.isError && !emailError ? teamErrorKey(invite.error) : null;

  return (
    <section className="staff-card" aria-labelledby="staff-invite-title">
      <h2 id="staff-invite-title">{t('staff.team.invite')}</h2>
      <p className="staff-muted">{t('staff.team.inviteHint')}</p>
      <form className="staff-invite" onSubmit={onSubmit} noValidate>
        <div className="staff-field">
          <label htmlFor={emailId}>{t('staff.team.email')}</label>
          <input
            id={emailId}
            type="email"
            autoComplete="off"
            value={email}
            aria-invalid={emailError ? true : undefined}
            aria-describedby={emailError ? errorId : undefined}
            onChange={(event) => setEmail(event.target.value)}
          />
          {emailError && (
            <p id={errorId} role="alert" className="staff-error">
              {t(emailError)}
            </p>
          )}
        </div>
        <div className="staff-field">
          <label htmlFor={roleId}>{t('staff.team.role')}</label>
          <select id={roleId} value={role} onChange={(event) => setRole(event.target.value as TStaffRole)}>
            {STAFF_ROLES.map((value) => (
              <option key={value} value={value}>
                {t(`staff.roles.${value}`)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="staff-button staff-button--primary" disabled={invite.isPending}>
          {t('staff.team.sendInvite')}
        </button>
      </form>
      <p role="status">{invited ? t('staff.team.invited', { email: invited }) : ''}</p>
      {formError && (
        <p role="alert" className="staff-error">
          {t(formError)}
        </p>
      )}
    </section>
  );
}

/** The members with their role select and account actions (none on one's own row but the label). */
function MemberTable({ members, myId }: { members: TStaffAccount[]; myId: string }) {
  const { t } = useTranslation();
  const setDisabled = useSetStaffDisabled();
  const changeRole = useChangeStaffRole();
  const signOut = useSignOutStaff();
  const passwordLink = useSendStaffPasswordLink();
  const [done, setDone] = useState('');
  const failed = [setDisabled, changeRole, signOut, passwordLink].find((mutation) => mutation.isError);
  const busy = setDisabled.isPending || changeRole.isPending || signOut.isPending || passwordLink.isPending;

  return (
    <>
      <div className="staff-table-wrap">
        <table className="staff-table">
          <caption className="staff-visually-hidden">{t('staff.team.members')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('staff.team.email')}</th>
              <th scope="col">{t('staff.team.role')}</th>
              <th scope="col">{t('staff.team.status')}</th>
              <th scope="col">{t('staff.team.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {members.map((member) => {
              const self = member.id === myId;
              return (
                <tr key={member.id}>
                  <th scope="row">
                    {member.email} {self && <span className="staff-muted">{t('staff.team.you')}</span>}
                  </th>
                  <td>
                    {self ? (
                      t(`staff.roles.${member.role}`)
                    ) : (
                      <select
                        aria-label={t('staff.team.roleOf', { email: member.email })}
                        value={member.role}
                        disabled={busy}
                        onChange={(event) => {
                          const role = event.target.value as TStaffRole;
                          setDone('');
                          changeRole.mutate(
                            { id: member.id, role },
                            {
                              onSuccess: () =>
                                setDone(t('staff.team.roleChanged', { email: member.email, role: t(`staff.roles.${role}`) })),
                            },
                          );
                        }}
                      >
                        {STAFF_ROLES.map((value) => (
                          <option key={value} value={value}>
                            {t(`staff.roles.${value}`)}
                          </option>
                        ))}
                      </select>
                    )}
                  </td>
                  <td>
                    {member.disabledAt ? t('staff.team.disabledAt', { date: formatDateTime(member.disabledAt) }) : t('staff.team.active')}
                  </td>
                  <td>
                    {!self && (
                      <div className="staff-actions">
                        {member.disabledAt ? (
                          <button
                            type="button"
                            className="staff-button"
                            disabled={busy}
                            aria-label={t('staff.team.enableMember', { email: member.email })}
                            onClick={() => {
                              setDone('');
                              setDisabled.mutate(
                                { id: member.id, disabled: false },
                                { onSuccess: () => setDone(t('staff.team.enabled', { email: member.email })) },
                              );
                            }}
                          >
                            {t('staff.team.enable')}
                          </button>
                        ) : (
                          <ConfirmAction
                            label={t('staff.team.disable')}
                            name={t('staff.team.disableMember', { email: member.email })}
                            question={t('staff.team.disableQuestion', { email: member.email })}
                            confirm={t('staff.team.disable')}
                            busy={busy}
                            onConfirm={() => {
                              setDone('');
                              setDisabled.mutate(
                                { id: member.id, disabled: true },
                                { onSuccess: () => setDone(t('staff.team.disabled', { email: member.email })) },
                              );
                            }}
                          />
                        )}
                        <ConfirmAction
                          label={t('staff.team.signOut')}
                          name={t('staff.team.signOutMember', { email: member.email })}
                          question={t('staff.team.signOutQuestion', { email: member.email })}
                          confirm={t('staff.team.signOut')}
                          busy={busy}
                          onConfirm={() => {
                            setDone('');
                            signOut.mutate(
                              { id: member.id },
                              { onSuccess: () => setDone(t('staff.team.signedOut', { email: member.email })) },
                            );
                          }}
                        />
                        <ConfirmAction
                          label={t('staff.team.passwordLink')}
                          name={t('staff.team.passwordLinkMember', { email: member.email })}
                          question={t('staff.team.passwordLinkQuestion', { email: member.email })}
                          confirm={t('staff.team.passwordLinkConfirm')}
                          busy={busy}
                          onConfirm={() => {
                            setDone('');
                            passwordLink.mutate(
                              { id: member.id },
                              { onSuccess: () => setDone(t('staff.team.passwordLinkSent', { email: member.email })) },
                            );
                          }}
                        />
                      </div>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <p role="status">{done}</p>
      {failed && (
        <p role="alert" className="staff-error">
          {t(teamErrorKey(failed.error))}
        </p>
      )}
    </>
  );
}
