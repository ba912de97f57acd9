import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Live money or test payments (made with test keys: the sandbox, providers' test keys): the money
 * pages show one or the other, never both, live by default.
 *
 * The switch answers at once: the address change it makes is a router transition that may wait
 * for the other mode's data, and a checkbox held only by the address would spring back meanwhile.
 */
export function ModeSwitch({ mode, onChange }: { mode: 'live' | 'test'; onChange: (mode: 'live' | 'test') => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [checked, setChecked] = useState(mode === 'test');
  useEffect(() => setChecked(mode === 'test'), [mode]);
  return (
    <div className="staff-money-mode">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(event) => {
          setChecked(event.target.checked);
          onChange(event.target.checked ? 'test' : 'live');
        }}
      />
      <label htmlFor={id}>{t('staff.money.testMode')}</label>
      {mode === 'test' && <span className="staff-test-badge">{t('staff.money.testBadge')}</span>}
    </div>
  );
}
