import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { CodePurpose, TRetryAfterError } from '@portal/contracts/auth';
import { CODE_LENGTH } from '@portal/contracts/validation-rules';
import { lazyResolver } from '@/shared/validation/lazy-resolver';
import type { CodeFormInput } from '@/shared/validation/schemas';
import { ApiError } from '@/shared/api/client';
import { useCountdown } from '@/shared/hooks/use-countdown';
import { notify } from '@/shared/ui/notify';
import { useResendCode } from '../api/resend-code';
import { FormField } from '@/shared/ui/form-field';
import { ResendCode } from './resend-code';
import { CaptchaSlot } from '@/shared/ui/captcha/captcha-slot';
import type { CaptchaState } from '@/shared/ui/captcha/captcha-slot';

type CodeForm = CodeFormInput;

export interface CodeStepProps {
  email: string;
  purpose: CodePurpose;
  /** the flow this window started (registration or recovery): only it may ask for a new code */
  flowToken: string;
  /** seconds until a resend is allowed (from the server) */
  resendAfterSeconds: number;
  captcha: CaptchaState;
  submitLabel: string;
  /** Sends the code; returns an inline error key (wrong code) or nothing. */
  onSubmit: (code: string) => Promise<string | undefined>;
  /** A malformed code counts as a failed attempt too. */
  onInvalidCode: () => void;
  onBack: () => void;
}

/** The 6-digit code step of registration and recovery, with the resend countdown. */
export function CodeStep({
  email,
  purpose,
  flowToken,
  resendAfterSeconds,
  captcha,
  submitLabel,
  onSubmit,
  onInvalidCode,
  onBack,
}: CodeStepProps) {
  const { t } = useTranslation();
  const countdown = useCountdown(resendAfterSeconds);
  const resend = useResendCode();
  const form = useForm<CodeForm>({ resolver: lazyResolver<CodeForm>((schemas) => schemas.ZCodeForm), defaultValues: { code: '' } });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(
    async ({ code }) => {
      const error = await onSubmit(code);
      if (error) form.setError('code', { message: error });
    },
    () => onInvalidCode(),
  );

  const onResend = () => {
    resend.mutate(
      { email, purpose, flowToken },
      {
        onSuccess: (answer) => {
          form.reset({ code: '' });
          countdown.restart(answer.resendAfterSeconds);
          notify({ kind: 'success', text: t('login.codeSent'), id: 'code-sent' });
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'RATE_LIMITED') {
            const retryAfter = (error.body as Partial<TRetryAfterError>).retryAfter;
            if (typeof retryAfter === 'number') countdown.restart(retryAfter);
          }
          notify({ kind: 'error', text: t('login.requestFailed'), id: 'resend-failed' });
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <p className="auth-card__lead">{t('login.codeSentTo', { email })}</p>
      <FormField
        label={t('login.code')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={CODE_LENGTH}
        error={errors.code?.message}
        {...form.register('code')}
      />
      <ResendCode label={countdown.label} running={countdown.running} pending={resend.isPending} onResend={onResend} />
      <CaptchaSlot captcha={captcha} />
      <button type="submit" className="button button--primary" disabled={isSubmitting || captcha.blocks}>
        {submitLabel}
      </button>
      <button type="button" className="button button--secondary" onClick={onBack}>
        {t('login.back')}
      </button>
    </form>
  );
}
