import { useTranslation } from 'react-i18next';
import { useDelayedFlag } from '../hooks/use-delayed-flag';
import './full-screen-loader.css';

export const LOADER_DELAY_MS = 300;

/**
 * The full-screen loader. It fills the main area (which keeps the footer at the bottom) at
 * once, but draws the spinner only after 300 ms, so fast loads do not flash.
 */
export function FullScreenLoader() {
  const visible = useDelayedFlag(LOADER_DELAY_MS);
  const { t } = useTranslation(undefined, { useSuspense: false });
  return (
    <div className="full-screen-loader" aria-busy="true">
      {visible && (
        <div role="status" className="full-screen-loader__spinner-box">
          <span className="full-screen-loader__spinner" aria-hidden="true" />
          <span className="visually-hidden">{t('common.loading', { defaultValue: 'Loading…' })}</span>
        </div>
      )}
    </div>
  );
}
