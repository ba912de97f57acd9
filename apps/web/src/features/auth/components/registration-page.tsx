import { useState } from 'react';
import { Link } from 'react-router';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { lazyResolver } from '@/shared/validation/lazy-resolver';
import type { RegistrationInput, RegistrationOutput } from '@/shared/validation/schemas';
import { HOST_ERROR_CODES } from '@portal/contracts/error-codes';
import { usePageMeta } from '@/shared/hooks/use-page-meta';
import { useCurrentLanguage } from '@/shared/hooks/use-current-language';
import { legalDocHref } from '@/shared/legal-docs';
import { routes } from '@/shared/paths';
import { useRegisterByEmail } from '../api/register-by-email';
import { useSendVerificationCode } from '../api/send-verification-code';
import { useAuthScreen } from '../use-auth-screen';
import { FormField } from '@/shared/ui/form-field';
import { CaptchaSlot } from '@/shared/ui/captcha/captcha-slot';
import { CodeStep } from './code-step';
import './auth-card.css';

/** Registration: e-mail, password, consent and the robot check, then the 6-digit code. */
export function RegistrationPage() {
  const { t } = useTranslation();
  const lng = useCurrentLanguage();
  const screen = useAuthScreen({ alwaysCaptcha: true });
  const { session, source } = screen.flow;
  const register = useRegisterByEmail();
  const confirm = useSendVerificationCode();
  const [codeStep, setCodeStep] = useState<{ email: string; flowToken: string; resendAfterSeconds: number } | null>(null);
  const [inlineError, setInlineError] = useState<string | null>(null);
  usePageMeta({ title: `${t('login.registrationTitle')} · ${t('header.portalName')}` });
  const form = useForm<RegistrationInput, unknown, RegistrationOutput>({
    resolver: lazyResolver<RegistrationInput, RegistrationOutput>((schemas) => schemas.ZRegistrationForm),
    defaultValues: { email: '', password: '', consent: false },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async ({ email, password }) => {
    setInlineError(null);
    try {
      const answer = await register.mutateAsync({ email, password, altcha: screen.takeAltcha() });
      if (screen.isWarningAnswer(answer)) {
        const reaction = screen.onWarning(answer.warningMessage);
        if (reaction.display === 'inline') setInlineError(reaction.messageKey);
        if (reaction.clear.includes('password')) form.setValue('password', '');
        return;
      }
      setCodeStep({ email, flowToken: answer.flowToken, resendAfterSeconds: answer.resendAfterSeconds });
    } catch (error) {
      screen.onError(error, HOST_ERROR_CODES.registrationFailed);
    }
  });

  const sendCode = async (code: string): Promise<string | undefined> => {
    if (!codeStep) return undefined;
    try {
      const answer = await confirm.mutateAsync({ email: codeStep.email, code, flowToken: codeStep.flowToken, altcha: screen.takeAltcha() });
      if (screen.isWarningAnswer(answer)) {
        const reaction = screen.onWarning(answer.warningMessage);
        return reaction.display === 'inline' ? reaction.messageKey : undefined;
      }
      await screen.finish(answer.result);
    } catch (error) {
      screen.onError(error, HOST_ERROR_CODES.verificationCodeFailed);
    }
    return undefined;
  };

  // Back from the code step: the form again, without the password.
  const back = () => {
    form.setValue('password', '');
    setCodeStep(null);
  };

  return (
    <section className="auth-card" aria-labelledby="registration-title">
      {codeStep ? null : (
        <Link to={routes.loginEmail.getHref(session, source)} className="auth-card__back">
          ← {t('login.back')}
        </Link>
      )}
      <h1 id="registration-title">{codeStep ? t('login.confirmTitle') : t('login.registrationTitle')}</h1>
      {codeStep ? (
        <CodeStep
          email={codeStep.email}
          purpose="registration"
          flowToken={codeStep.flowToken}
          resendAfterSeconds={codeStep.resendAfterSeconds}
          captcha={screen.stepCaptcha}
          submitLabel={t('login.confirm')}
          onSubmit={sendCode}
          onInvalidCode={screen.attempts.countFailure}
          onBack={back}
        />
      ) : (
        <form noValidate onSubmit={(event) => void submit(event)}>
          {inlineError ? (
            <p className="auth-card__alert" role="alert">
              {t(inlineError)}
            </p>
          ) : null}
          <FormField label={t('login.email')} type="email" autoComplete="email" error={errors.email?.message} {...form.register('email')} />
          <FormField
            label={t('login.password')}
            type="password"
            autoComplete="new-password"
            error={errors.password?.message}
            {...form.register('password')}
          />
          <p className="auth-card__lead">{t('login.passwordHint')}</p>
          <div className="form-field">
            <div className="auth-consent">
              <input
                id="registration-consent"
                type="checkbox"
                aria-invalid={errors.consent ? true : undefined}
                aria-describedby={errors.consent ? 'registration-consent-error' : undefined}
                {...form.register('consent')}
              />
              <label htmlFor="registration-consent">
                <Trans
                  i18nKey="login.agreement"
                  components={{
                    doc: <a href={legalDocHref('personalData', lng, screen.config?.projects.legalDocs)} target="_blank" rel="noreferrer" />,
                  }}
                />
              </label>
            </div>
            {errors.consent?.message ? (
              <p id="registration-consent-error" className="form-field__error" role="alert">
                {t(errors.consent.message)}
              </p>
            ) : null}
          </div>
          <CaptchaSlot captcha={screen.captcha} />
          <button type="submit" className="button button--primary" disabled={isSubmitting || screen.captcha.blocks}>
            {t('login.register')}
          </button>
        </form>
      )}
    </section>
  );
}
