import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getRequestContext } from '@/shared/api/client';
import { useStoredUser } from '@/shared/hooks/use-stored-user';
import { PaymentHelpForm } from './payment-help-form';
import { TransactionsList } from './transactions-list';
import './transactions.css';

export interface TransactionsPanelProps {
  /** Closes the modal (OK after a help request sent, or a signed-out visitor). */
  onClose?: () => void;
}

/**
 * The purchase history for a modal: list and help form switch in state, not
 * routes; "Inside a modal, help opens the help form in the modal".
 */
export function TransactionsPanel({ onClose }: TransactionsPanelProps) {
  const { t } = useTranslation();
  const user = useStoredUser();
  const [helpFor, setHelpFor] = useState<string | null>(null);
  // The modal's values name the game that opened it: its purchases only.
  const [project] = useState(() => getRequestContext().project ?? null);

  useEffect(() => {
    if (!user) onClose?.();
  }, [user, onClose]);
  if (!user) return null;

  return (
    <section className="tx-page tx-page--panel" aria-labelledby="tx-panel-title">
      {helpFor ? (
        <>
          <p>
            <button type="button" className="tx-link" onClick={() => setHelpFor(null)}>
              {t('transactions.back')}
            </button>
          </p>
          <h2 id="tx-panel-title">{t('transactions.helpTitle')}</h2>
          <PaymentHelpForm paymentId={helpFor} onDone={() => onClose?.()} />
        </>
      ) : (
        <>
          <h2 id="tx-panel-title">{t('transactions.title')}</h2>
          <TransactionsList project={project} onHelp={setHelpFor} />
        </>
      )}
    </section>
  );
}
