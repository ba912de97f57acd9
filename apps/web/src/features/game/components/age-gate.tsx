import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/shared/ui/modal/dialog';
import { files } from '@/shared/paths';
import './age-gate.css';

export interface AgeGateProps {
  onConfirm: () => void;
  /** Popup and button art of the game (large and small screens). */
  art: { popup?: string; popupSmall?: string; button?: string; buttonSmall?: string };
}

/** Leaves the site ("No, I am under 18 years old" goes to a search engine). */
export function leaveSite(): void {
  window.location.assign(files.underAgeExit);
}

/** The 18+ gate of the out-of-catalogue game. It cannot be dismissed, only answered. */
export function AgeGate({ onConfirm, art }: AgeGateProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const vars: Record<string, string> = {};
  if (art.popup) vars['--age-gate-popup'] = `url("${art.popup}")`;
  if (art.popupSmall ?? art.popup) vars['--age-gate-popup-small'] = `url("${art.popupSmall ?? art.popup}")`;
  if (art.button) vars['--age-gate-button'] = `url("${art.button}")`;
  if (art.buttonSmall ?? art.button) vars['--age-gate-button-small'] = `url("${art.buttonSmall ?? art.button}")`;

  return (
    <Dialog labelledBy={titleId} dismissible={false} className="age-gate" style={vars}>
      <h2 id={titleId} className="age-gate__title">
        {t('ageGate.title')}
      </h2>
      <p className="age-gate__text">{t('ageGate.text')}</p>
      <div className="age-gate__actions">
        <button
          type="button"
          className={`button button--primary button--large age-gate__confirm${art.button ? ' age-gate__confirm--art' : ''}`}
          onClick={onConfirm}
        >
          {t('ageGate.confirm')}
        </button>
        <button type="button" className="button button--secondary age-gate__decline" onClick={leaveSite}>
          {t('ageGate.decline')}
        </button>
      </div>
    </Dialog>
  );
}
