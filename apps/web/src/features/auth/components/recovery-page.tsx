import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { lazyResolver } from '@/shared/validation/lazy-resolver';
import type { NewPasswordPairInput, RecoveryEmailInput, RecoveryEmailOutput } from '@/shared/validation/schemas';
import { HOST_ERROR_CODES } from '@portal/contracts/error-codes';
import { ApiError } from '@/shared/api/client';
import { usePageMeta } from '@/shared/hooks/use-page-meta';
import { notify } from '@/shared/ui/notify';
import { routes } from '@/shared/paths';
import { useRecoveryPassword } from '../api/recovery-password';
import { useSendRecoveryPasswordCode } from '../api/send-recovery-password-code';
import { useActivateNewPassword } from '../api/activate-new-password';
import { useAuthScreen } from '../use-auth-screen';
import { FormField } from '@/shared/ui/form-field';
import { CaptchaSlot } from '@/shared/ui/captcha/captcha-slot';
import { CodeStep } from './code-step';
import './auth-card.css';

type EmailInput = RecoveryEmailInput;
type EmailOutput = RecoveryEmailOutput;
type PasswordForm = NewPasswordPairInput;

/** The flow token binds the steps to this window: the code and the new password carry it. */
type Step =
  | { name: 'email' }
  | { name: 'code'; email: string; flowToken: string; resendAfterSeconds: number }
  | { name: 'password'; email: string; flowToken: string };

/** Password recovery: e-mail, then the code, then the new password with its repeat. */
export function RecoveryPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const screen = useAuthScreen();
  const { session, source } = screen.flow;
  const [step, setStep] = useState<Step>({ name: 'email' });
  const request = useRecoveryPassword();
  const verify = useSendRecoveryPasswordCode();
  const activate = useActivateNewPassword();
  usePageMeta({ title: `${t('login.recoveryTitle')} · ${t('header.portalName')}` });

  const emailForm = useForm<EmailInput, unknown, EmailOutput>({
    resolver: lazyResolver<EmailInput, EmailOutput>((schemas) => schemas.ZRecoveryEmailForm),
    defaultValues: { email: '' },
  });
  const passwordForm = useForm<PasswordForm>({
    resolver: lazyResolver<PasswordForm>((schemas) => schemas.ZNewPasswordPair),
    defaultValues: { password: '', repeatPassword: '' },
  });

  const submitEmail = emailForm.handleSubmit(async ({ email }) => {
    try {
      const answer = await request.mutateAsync({ email, altcha: screen.takeAltcha() });
      if (screen.isWarningAnswer(answer)) {
        screen.onWarning(answer.warningMessage);
        return;
      }
      notify({ kind: 'success', text: t('login.recoveryInstructionsSent'), id: 'recovery-sent' });
      setStep({ name: 'code', email, flowToken: answer.flowToken, resendAfterSeconds: answer.resendAfterSeconds });
    } catch (error) {
      screen.onError(error, HOST_ERROR_CODES.recoveryRequestFailed);
    }
  });

  const sendCode = async (code: string): Promise<string | undefined> => {
    if (step.name !== 'code') return undefined;
    try {
      const answer = await verify.mutateAsync({ email: step.email, code, flowToken: step.flowToken, altcha: screen.takeAltcha() });
      if (screen.isWarningAnswer(answer)) {
        const reaction = screen.onWarning(answer.warningMessage);
        return reaction.display === 'inline' ? reaction.messageKey : undefined;
      }
      screen.attempts.reset();
      notify({ kind: 'success', text: t('login.codeValid'), id: 'code-valid' });
      setStep({ name: 'password', email: step.email, flowToken: step.flowToken });
    } catch (error) {
      screen.onError(error, HOST_ERROR_CODES.recoveryCodeFailed);
    }
    return undefined;
  };

  const submitPassword = passwordForm.handleSubmit(async ({ password }) => {
    if (step.name !== 'password') return;
    try {
      const answer = await activate.mutateAsync({ email: step.email, password, flowToken: step.flowToken });
      if (screen.isWarningAnswer(answer)) {
        screen.onWarning(answer.warningMessage);
        return;
      }
      screen.attempts.reset();
      notify({ kind: 'success', text: t('login.passwordUpdatedSuccessfully'), id: 'password-updated' });
      navigate(routes.loginEmail.getHref(session, source), { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'RECOVERY_NOT_VERIFIED') {
        notify({ kind: 'warning', text: t('login.recoveryExpired'), id: error.code });
        setStep({ name: 'email' });
        return;
      }
      screen.onError(error, HOST_ERROR_CODES.newPasswordActivationFailed);
    }
  });

  const emailErrors = emailForm.formState.errors;
  const passwordErrors = passwordForm.formState.errors;

  return (
    <section className="auth-card" aria-labelledby="recovery-title">
      {step.name === 'email' ? (
        <Link to={routes.loginEmail.getHref(session, source)} className="auth-card__back">
          ← {t('login.back')}
        </Link>
      ) : null}
      <h1 id="recovery-title">{t('login.recoveryTitle')}</h1>
      {step.name === 'email' ? (
        <form noValidate onSubmit={(event) => void submitEmail(event)}>
          <p className="auth-card__lead">{t('login.recoveryLead')}</p>
          <FormField
            label={t('login.email')}
            type="email"
            autoComplete="email"
            error={emailErrors.email?.message}
            {...emailForm.register('email')}
          />
          <CaptchaSlot captcha={screen.captcha} />
          <button type="submit" className="button button--primary" disabled={emailForm.formState.isSubmitting || screen.captcha.blocks}>
            {t('login.sendCode')}
          </button>
        </form>
      ) : null}
      {step.name === 'code' ? (
        <CodeStep
          email={step.email}
          purpose="recovery"
          flowToken={step.flowToken}
          resendAfterSeconds={step.resendAfterSeconds}
          captcha={screen.captcha}
          submitLabel={t('login.confirm')}
          onSubmit={sendCode}
          onInvalidCode={screen.attempts.countFailure}
          onBack={() => setStep({ name: 'email' })}
        />
      ) : null}
      {step.name === 'password' ? (
        <form noValidate onSubmit={(event) => void submitPassword(event)}>
          <FormField
            label={t('login.newPassword')}
            type="password"
            autoComplete="new-password"
            error={passwordErrors.password?.message}
            {...passwordForm.register('password')}
          />
          <FormField
            label={t('login.repeatPassword')}
            type="password"
            autoComplete="new-password"
            error={passwordErrors.repeatPassword?.message}
            {...passwordForm.register('repeatPassword')}
          />
          <p className="auth-card__lead">{t('login.passwordHint')}</p>
          <button type="submit" className="button button--primary" disabled={passwordForm.formState.isSubmitting}>
            {t('login.savePassword')}
          </button>
        </form>
      ) : null}
    </section>
  );
}
