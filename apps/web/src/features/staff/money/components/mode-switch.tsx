import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Live money or test payments (made with test keys: the sandbox, providers' test keys): the money
 * pages show one or the other, never both, live by default.
 */
export function ModeSwitch({ mode, onChange }: { mode: 'live' | 'test'; onChange: (mode: 'live' | 'test') => void }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="staff-money-mode">
      <input id={id} type="checkbox" checked={mode === 'test'} onChange={(event) => onChange(event.target.checked ? 'test' : 'live')} />
      <label htmlFor={id}>{t('staff.money.testMode')}</label>
      {mode === 'test' && <span className="staff-test-badge">{t('staff.money.testBadge')}</span>}
    </div>
  );
}
