import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { originOfAddress } from '@portal/contracts/catalog-console';
import { FieldError } from './catalog-page';
import './game-origins-field.css';

/** As many as the contract takes. */
const MAX_EXTRA_ORIGINS = 20;

/**
 * The origins the portal trusts for a game: its address's own (shown, taken from the address)
 * and the extra ones its pages run on (a CDN, a second domain), each an exact origin.
 */
export function GameOriginsField({
  address,
  origins,
  onChange,
  errorOf,
}: {
  address: string;
  origins: string[];
  onChange: (origins: string[]) => void;
  /** Whether the server or the contract refused the entry at this index. */
  errorOf: (index: number) => string | undefined;
}) {
  const { t } = useTranslation();
  const id = useId();
  const trimmed = address.trim();
  const own = originOfAddress(trimmed);
  const ownText = own ?? (trimmed ? t('staff.catalog.gameOrigins.onPortal') : t('staff.catalog.gameOrigins.none'));
  const setAt = (index: number, value: string) => onChange(origins.map((origin, i) => (i === index ? value : origin)));

  return (
    <fieldset className="staff-card staff-game-origins" aria-describedby={`${id}-intro`}>
      <legend>{t('staff.catalog.gameOrigins.title')}</legend>
      <p id={`${id}-intro`} className="staff-muted">
        {t('staff.catalog.gameOrigins.intro')}
      </p>
      <div className="staff-field">
        <span id={`${id}-own-label`}>{t('staff.catalog.gameOrigins.address')}</span>
        <output aria-labelledby={`${id}-own-label`} className={own ? 'staff-game-origins__own' : 'staff-muted'}>
          {ownText}
        </output>
      </div>
      <div className="staff-field">
        <span id={`${id}-extra-label`}>{t('staff.catalog.gameOrigins.extra')}</span>
        <span id={`${id}-hint`} className="staff-muted">
          {t('staff.catalog.gameOrigins.hint')}
        </span>
        {origins.length === 0 ? (
          <p className="staff-muted">{t('staff.catalog.gameOrigins.empty')}</p>
        ) : (
          <ul className="staff-game-origins__list" aria-labelledby={`${id}-extra-label`}>
            {origins.map((origin, index) => {
              const fieldId = `${id}-origin-${index}`;
              const error = errorOf(index);
              return (
                <li key={index} className="staff-game-origins__row">
                  <label htmlFor={fieldId}>{t('staff.catalog.gameOrigins.extraItem', { n: index + 1 })}</label>
                  <input
                    id={fieldId}
                    inputMode="url"
                    spellCheck={false}
                    value={origin}
                    placeholder="https://cdn.example.com"
                    aria-invalid={error ? 'true' : 'false'}
                    aria-describedby={`${id}-hint ${fieldId}-error`}
                    onChange={(event) => setAt(index, event.target.value)}
                  />
                  <button type="button" className="staff-button" onClick={() => onChange(origins.filter((_, i) => i !== index))}>
                    {t('staff.catalog.gameOrigins.remove', { n: index + 1 })}
                  </button>
                  <FieldError id={`${fieldId}-error`} message={error && t('staff.catalog.gameOrigins.invalid')} />
                </li>
              );
            })}
          </ul>
        )}
        <button
          type="button"
          className="staff-button staff-game-origins__add"
          disabled={origins.length >= MAX_EXTRA_ORIGINS}
          onClick={() => onChange([...origins, ''])}
        >
          {t('staff.catalog.gameOrigins.add')}
        </button>
      </div>
    </fieldset>
  );
}
