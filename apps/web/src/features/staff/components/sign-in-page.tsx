import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ApiError } from '@/shared/api/client';
import { usePageMeta } from '@/shared/hooks/use-page-meta';
import { CaptchaSlot } from '@/shared/ui/captcha/captcha-slot';
import { FormField } from '@/shared/ui/form-field';
import { useStaffLogin } from '../api/login';
import { LanguageSelect } from './language-select';

const ZSignInForm = z.object({
  email: z.string().trim().min(1, 'login.enterEmail').max(320, 'login.invalidEmail'),
  password: z.string().min(1, 'login.enterPassword').max(256, 'login.passwordValidation'),
});
type SignInForm = z.infer<typeof ZSignInForm>;

const isCaptchaError = (error: unknown) =>
  error instanceof ApiError && (error.code === 'CAPTCHA_REQUIRED' || error.code === 'CAPTCHA_INVALID');

/** The message of a failed sign-in and its values (the minutes a locked account waits). */
function errorText(error: unknown): [string, Record<string, number>?] {
  if (error instanceof ApiError) {
    if (isCaptchaError(error)) return ['login.captchaRequired'];
    if (error.code === 'ACCOUNT_LOCKED') {
      const seconds = typeof error.body.retryAfter === 'number' ? error.body.retryAfter : 15 * 60;
      return ['staff.signIn.locked', { minutes: Math.max(1, Math.ceil(seconds / 60)) }];
    }
    if (error.code === 'STAFF_DISABLED') return ['staff.signIn.disabled'];
    if (error.code === 'INVALID_CREDENTIALS' || error.status === 401) return ['staff.signIn.invalid'];
    if (error.status === 429) return ['staff.signIn.tooMany'];
  }
  return ['staff.signIn.failed'];
}

/**
 * Staff sign-in: e-mail and password; the token is kept for this tab only. After failures the
 * server asks for the robot check (the player sign-in's ALTCHA widget); from then on every
 * try carries a fresh solution.
 */
export function SignInPage() {
  const { t } = useTranslation();
  usePageMeta({ title: `${t('staff.signIn.title')} · ${t('staff.title')}` });
  const login = useStaffLogin();
  const [captchaRequired, setCaptchaRequired] = useState(false);
  const [altcha, setAltcha] = useState<string | null>(null);
  const [captchaKey, setCaptchaKey] = useState(0);
  const { register, handleSubmit, formState, resetField } = useForm<SignInForm>({
    resolver: zodResolver(ZSignInForm),
    defaultValues: { email: '', password: '' },
  });
  const onSubmit = handleSubmit((values) => {
    const payload = captchaRequired && altcha ? { ...values, altcha } : values;
    if (captchaRequired) {
      // A solution is spent by the try that carries it: the next try gets a fresh widget.
      setAltcha(null);
      setCaptchaKey((key) => key + 1);
    }
    login.mutate(payload, {
      onError: (error) => {
        resetField('password');
        if (isCaptchaError(error)) setCaptchaRequired(true);
      },
    });
  });
  const { errors } = formState;
  const [messageKey, messageValues] = errorText(login.error);

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
        <CaptchaSlot captcha={{ required: captchaRequired, key: captchaKey, blocks: captchaRequired && !altcha, onChange: setAltcha }} />
        {login.isError && (
          <p role="alert" className="staff-error">
            {t(messageKey, messageValues)}
          </p>
        )}
        <button type="submit" className="staff-button staff-button--primary" disabled={login.isPending || (captchaRequired && !altcha)}>
          {t('staff.signIn.submit')}
        </button>
      </form>
    </main>
  );
}
