import { useTranslation } from 'react-i18next';

/** "Send the code again", disabled while the countdown (mm:ss) runs. */
export function ResendCode({
  label,
  running,
  pending,
  onResend,
}: {
  label: string;
  running: boolean;
  pending: boolean;
  onResend: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="auth-resend">
      <span className="auth-resend__timer" aria-live="polite">
        {running ? t('login.resendIn', { time: label }) : t('login.resendReady')}
      </span>
      <button type="button" className="button button--secondary" disabled={running || pending} onClick={onResend}>
        {t('login.resendCode')}
      </button>
    </div>
  );
}
