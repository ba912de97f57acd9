import { useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { markLoaderShown } from './loader-presence';
import { useDelayedFlag } from '../hooks/use-delayed-flag';
import './full-screen-loader.css';

export const LOADER_DELAY_MS = 300;

/**
 * The full-screen loader. It fills the main area at once, but draws the spinner only after
 * 300 ms, so fast loads do not flash; while the spinner shows, the footer is pinned to the
 * bottom of the view (`loader-presence`).
 */
export function FullScreenLoader() {
  const visible = useDelayedFlag(LOADER_DELAY_MS);
  const { t } = useTranslation(undefined, { useSuspense: false });
  // While the spinner shows, the layout pins the footer to the bottom of the view.
  useLayoutEffect(() => (visible ? markLoaderShown() : undefined), [visible]);
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
