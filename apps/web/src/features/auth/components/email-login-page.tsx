import { useState } from 'react';
import { Link, Navigate } from 'react-router';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { lazyResolver } from '@/shared/validation/lazy-resolver';
import type { EmailLoginInput, EmailLoginOutput } from '@/shared/validation/schemas';
import { HOST_ERROR_CODES } from '@portal/contracts/error-codes';
import { getStoredUser } from '@/shared/auth/auth-store';
import { usePageMeta } from '@/shared/hooks/use-page-meta';
import { routes } from '@/shared/paths';
import { useLoginByEmail } from '../api/login-by-email';
import { useAuthScreen } from '../use-auth-screen';
import { FormField } from '@/shared/ui/form-field';
import { CaptchaSlot } from '@/shared/ui/captcha/captcha-slot';
import './auth-card.css';

/** Sign in with e-mail and password; back, forgot-password and registration links. */
export function EmailLoginPage() {
  const { t } = useTranslation();
  const screen = useAuthScreen();
  const { session, source } = screen.flow;
  const login = useLoginByEmail();
  const [signedInAtStart] = useState(() => getStoredUser() !== null && !session);
  usePageMeta({ title: `${t('login.emailTitle')} · ${t('header.portalName')}` });
  const form = useForm<EmailLoginInput, unknown, EmailLoginOutput>({
    resolver: lazyResolver<EmailLoginInput, EmailLoginOutput>((schemas) => schemas.ZEmailLoginForm),
    defaultValues: { email: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async ({ email, password }) => {
    try {
      const answer = await login.mutateAsync({ email, password, altcha: screen.takeAltcha() });
      if (screen.isWarningAnswer(answer)) {
        const reaction = screen.onWarning(answer.warningMessage);
        if (reaction.clear.includes('email')) form.setValue('email', '');
        if (reaction.clear.includes('password')) form.setValue('password', '');
        return;
      }
      await screen.finish(answer.result);
    } catch (error) {
      screen.onError(error, HOST_ERROR_CODES.emailLoginFailed);
    }
  });

  if (signedInAtStart) return <Navigate to={routes.home.getHref()} replace />;

  return (
    <section className="auth-card" aria-labelledby="email-login-title">
      <Link to={routes.login.getHref(session, source)} className="auth-card__back">
        ← {t('login.back')}
      </Link>
      <h1 id="email-login-title">{t('login.emailTitle')}</h1>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <FormField label={t('login.email')} type="email" autoComplete="email" error={errors.email?.message} {...form.register('email')} />
        <FormField
          label={t('login.password')}
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...form.register('password')}
        />
        <CaptchaSlot captcha={screen.captcha} />
        <button type="submit" className="button button--primary" disabled={isSubmitting || screen.captcha.blocks}>
          {t('login.signIn')}
        </button>
      </form>
      <div className="auth-card__links">
        <Link to={routes.recoveryPassword.getHref(session, source)}>{t('login.forgotPassword')}</Link>
        <Link to={routes.registration.getHref(session, source)}>{t('login.registrationLink')}</Link>
      </div>
    </section>
  );
}
