import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { z } from 'zod';
import { VALIDATION_KEYS } from '@portal/contracts/validation-rules';
import { ApiError } from '@/shared/api/client';
import { usePageMeta } from '@/shared/hooks/use-page-meta';
import { FormField } from '@/shared/ui/form-field';
import { useSetStaffPassword } from '../api/set-password';
import { staffPaths } from '../staff-paths';
import { LanguageSelect } from './language-select';

/** A staff password: what POST /api/staff/set-password accepts (10 to 256 characters). */
export const STAFF_PASSWORD_MIN = 10;
export const STAFF_PASSWORD_MAX = 256;

const ZSetPasswordForm = z
  .object({
    password: z
      .string()
      .min(1, VALIDATION_KEYS.enterPassword)
      .min(STAFF_PASSWORD_MIN, 'staff.setPassword.tooShort')
      .max(STAFF_PASSWORD_MAX, 'staff.setPassword.tooLong'),
    repeatPassword: z.string().min(1, VALIDATION_KEYS.enterPasswordAgain),
  })
  .refine((value) => value.password === value.repeatPassword, { path: ['repeatPassword'], message: VALIDATION_KEYS.mismatchPassword });
type SetPasswordForm = z.infer<typeof ZSetPasswordForm>;

/**
 * The link's token: the e-mailed link carries it in the fragment (it never reaches a server
 * log or a Referer header); `?token=` is read too.
 */
function linkToken({ hash, search }: { hash: string; search: string }): string {
  const fromHash = hash.replace(/^#/, '');
  if (fromHash) return decodeURIComponent(fromHash);
  return new URLSearchParams(search).get('token') ?? '';
}

/** The message of a failed set-password call. */
function errorKey(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === 'STAFF_LINK_INVALID') return 'staff.setPassword.linkInvalid';
    if (error.status === 429) return 'staff.signIn.tooMany';
    if (error.status === 400 && /token/i.test(error.message)) return 'staff.setPassword.linkInvalid';
    if (error.status === 400) return 'staff.setPassword.tooShort';
  }
  return 'staff.projects.error';
}

/**
 * /staff/set-password#<token>, opened signed out from the e-mailed link: the new password
 * twice, then the way to the sign-in form. A used or expired link says so and who to ask.
 */
export function SetPasswordPage() {
  const { t } = useTranslation();
  usePageMeta({ title: `${t('staff.setPassword.title')} · ${t('staff.title')}` });
  const location = useLocation();
  const navigate = useNavigate();
  const [token] = useState(() => linkToken(location));
  const setPassword = useSetStaffPassword();
  const { register, handleSubmit, formState } = useForm<SetPasswordForm>({
    resolver: zodResolver(ZSetPasswordForm),
    defaultValues: { password: '', repeatPassword: '' },
  });
  const onSubmit = handleSubmit(({ password }) => {
    setPassword.mutate(
      { token, password },
      {
        // The token is spent: it leaves the address bar (and the history entry).
        onSuccess: () => void navigate(staffPaths.setPassword(), { replace: true }),
      },
    );
  });
  const { errors } = formState;
  const linkBroken = token.length < 20;

  return (
    <main className="staff-signin">
      <div className="staff-signin__lang">
        <LanguageSelect />
      </div>
      <div className="staff-card staff-signin__form">
        <h1 id="staff-set-password-title">{t('staff.setPassword.title')}</h1>
        {setPassword.isSuccess ? (
          <>
            <p role="status">{t('staff.setPassword.done')}</p>
            <Link to={staffPaths.inbox()} className="staff-button staff-button--primary">
              {t('staff.setPassword.toSignIn')}
            </Link>
          </>
        ) : linkBroken ? (
          <>
            <p role="alert" className="staff-error">
              {t('staff.setPassword.linkMissing')}
            </p>
            <Link to={staffPaths.inbox()}>{t('staff.setPassword.toSignIn')}</Link>
          </>
        ) : (
          <form onSubmit={onSubmit} noValidate aria-labelledby="staff-set-password-title">
            <p className="staff-muted">{t('staff.setPassword.rules', { min: STAFF_PASSWORD_MIN })}</p>
            <FormField
              className="staff-field"
              errorClassName="staff-error"
              label={t('staff.setPassword.password')}
              type="password"
              autoComplete="new-password"
              error={errors.password?.message}
              {...register('password')}
            />
            <FormField
              className="staff-field"
              errorClassName="staff-error"
              label={t('staff.setPassword.repeat')}
              type="password"
              autoComplete="new-password"
              error={errors.repeatPassword?.message}
              {...register('repeatPassword')}
            />
            {setPassword.isError && (
              <p role="alert" className="staff-error">
                {t(errorKey(setPassword.error))}
                {errorKey(setPassword.error) === 'staff.setPassword.linkInvalid' && (
                  <>
                    {' '}
                    <Link to={staffPaths.inbox()}>{t('staff.setPassword.toSignIn')}</Link>
                  </>
                )}
              </p>
            )}
            <button type="submit" className="staff-button staff-button--primary" disabled={setPassword.isPending}>
              {t('staff.setPassword.submit')}
            </button>
          </form>
        )}
      </div>
    </main>
  );
}
