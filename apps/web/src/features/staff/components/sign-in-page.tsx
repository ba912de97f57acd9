import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ApiError } from '@/shared/api/client';
import { usePageMeta } from '@/shared/hooks/use-page-meta';
import { FormField } from '@/shared/ui/form-field';
import { useStaffLogin } from '../api/login';
import { LanguageSelect } from './language-select';

const ZSignInForm = z.object({
  email: z.string().trim().min(1, 'login.enterEmail').max(320, 'login.invalidEmail'),
  password: z.string().min(1, 'login.enterPassword').max(256, 'login.passwordValidation'),
});
type SignInForm = z.infer<typeof ZSignInForm>;

function errorKey(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === 'INVALID_CREDENTIALS' || error.status === 401) return 'staff.signIn.invalid';
    if (error.status === 429) return 'staff.signIn.tooMany';
  }
  return 'staff.signIn.failed';
}

/** Staff sign-in: e-mail and password; the token is kept for this tab only. */
export function SignInPage() {
  const { t } = useTranslation();
  usePageMeta({ title: `${t('staff.signIn.title')} · ${t('staff.title')}` });
  const login = useStaffLogin();
  const { register, handleSubmit, formState, resetField } = useForm<SignInForm>({
    resolver: zodResolver(ZSignInForm),
    defaultValues: { email: '', password: '' },
  });
  const onSubmit = handleSubmit((values) =>
    login.mutate(values, { onError: () => resetField('password') }),
  );
  const { errors } = formState;

  return (
    <main className="staff-signin">
      <div className="staff-signin__lang">
        <LanguageSelect />
      </div>
      <form className="staff-card staff-signin__form" onSubmit={onSubmit} noValidate aria-labelledby="staff-signin-title">
        <h1 id="staff-signin-title">{t('staff.signIn.title')}</h1>
        <FormField
          className="staff-field"
          errorClassName="staff-error"
          label={t('staff.signIn.email')}
          type="email"
          autoComplete="username"
          error={errors.email?.message}
          {...register('email')}
        />
        <FormField
          className="staff-field"
          errorClassName="staff-error"
          label={t('staff.signIn.password')}
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password')}
        />
        {login.isError && (
          <p role="alert" className="staff-error">
            {t(errorKey(login.error))}
          </p>
        )}
        <button type="submit" className="staff-button staff-button--primary" disabled={login.isPending}>
          {t('staff.signIn.submit')}
        </button>
      </form>
    </main>
  );
}
