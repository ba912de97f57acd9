import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TPaymentHistoryItem } from '@portal/contracts/payments';
import { manualRedirectToAuth, needsManualRedirect } from '@/shared/auth/manual-redirect';
import { files } from '@/shared/paths';
import { Dialog } from '@/shared/ui/modal/dialog';
import { FullScreenLoader } from '@/shared/ui/full-screen-loader';
import { notify, notifyError } from '@/shared/ui/notify';
import { getReceiptLink } from '../api/get-receipt-link';
import { useUserPayments } from '../api/get-user-payments';
import { formatDate, formatMoney } from '@portal/contracts/format';
import './transactions.css';

export interface TransactionsListProps {
  /** "Ask for help" on a purchase: a route in the portal, the help form inside a modal. */
  onHelp: (paymentId: string) => void;
  /** The game whose purchases to list (a host embedding the history); null lists them all. */
  project?: string | null;
}

/** Opens a receipt link in a new tab; where a blocker refuses the tab, this page goes there. */
function openInNewTab(link: string): void {
  const tab = window.open(link, '_blank');
  if (tab) tab.opener = null;
  else window.location.assign(link);
}

function Row({
  item,
  open,
  onToggle,
  onHelp,
  onReceiptPending,
}: {
  item: TPaymentHistoryItem;
  open: boolean;
  onToggle: () => void;
  onHelp: () => void;
  onReceiptPending: () => void;
}) {
  const { t } = useTranslation();
  const detailsId = useId();
  const receiptNoteId = useId();
  // Only a paid purchase has a receipt: the server refuses the link for any other state.
  const receiptReady = item.status === 'paid';
  const [receiptBusy, setReceiptBusy] = useState(false);

  const copyId = async () => {
    try {
      await navigator.clipboard.writeText(item.uuid);
      notify({ kind: 'success', text: t('payment.idCopied'), id: `copied-${item.uuid}` });
    } catch {
      notify({ kind: 'error', text: t('transactions.copyFailed'), id: 'copy-failed' });
    }
  };

  const openReceipt = async () => {
    setReceiptBusy(true);
    try {
      const link = await getReceiptLink(item.uuid);
      if (link) openInNewTab(link);
      else onReceiptPending();
    } catch {
      notifyError('GET_RECEIPT_LINK_ERROR');
    } finally {
      setReceiptBusy(false);
    }
  };

  return (
    <li className={`tx-row${open ? ' tx-row--open' : ''}`}>
      <button type="button" className="tx-row__header" aria-expanded={open} aria-controls={detailsId} onClick={onToggle}>
        <span className="tx-row__date">{formatDate(item.createTs)}</span>
        <span className="tx-row__title">{item.title}</span>
        {item.refunded ? (
          <span className="tx-status tx-status--refunded">
            {t(item.refunded === 'full' ? 'transactions.refunded' : 'transactions.partlyRefunded')}
          </span>
        ) : (
          <span className={`tx-status tx-status--${item.status}`}>{t(`payment.status.${item.status}`)}</span>
        )}
        <span className="tx-row__price">{formatMoney(item.price, item.currency)}</span>
      </button>
      {open ? (
        <dl id={detailsId} className="tx-row__details">
          <div>
            <dt>{t('transactions.paymentId')}</dt>
            <dd>
              <code className="tx-row__id">{item.uuid}</code>
              <span className="tx-row__actions">
                <button type="button" onClick={() => void copyId()}>
                  {t('transactions.copyId')}
                </button>
                <button
                  type="button"
                  onClick={() => void openReceipt()}
                  disabled={!receiptReady || receiptBusy}
                  aria-busy={receiptBusy || undefined}
                  aria-describedby={receiptReady ? undefined : receiptNoteId}
                >
                  {t('transactions.openReceipt')}
                </button>
                <button type="button" onClick={onHelp}>
                  {t('transactions.askHelp')}
                </button>
              </span>
              {receiptReady ? null : (
                <span id={receiptNoteId} className="tx-row__note">
                  {t('transactions.receiptOnlyPaid')}
                </span>
              )}
            </dd>
          </div>
          {item.refunded && item.refundedPrice !== undefined ? (
            <div>
              <dt>{t('transactions.refundedAmount')}</dt>
              <dd>{formatMoney(item.refundedPrice, item.currency)}</dd>
            </div>
          ) : null}
          <div>
            <dt>{t('transactions.project')}</dt>
            <dd>{item.projectName}</dd>
          </div>
          <div>
            <dt>{t('transactions.method')}</dt>
            <dd>{t('transactions.debitCard')}</dd>
          </div>
        </dl>
      ) : null}
    </li>
  );
}

/**
 * The purchase history (the Transactions screen): date, title, status in its colour and price;
 * a row opens on a click on its header and closes on the next. An empty history shows the
 * no-purchases stub; a history that cannot be loaded goes back to the sign-in screen.
 */
export function TransactionsList({ onHelp, project = null }: TransactionsListProps) {
  const { t } = useTranslation();
  const payments = useUserPayments(project || null, true);
  const [openId, setOpenId] = useState<string | null>(null);
  const [receiptPending, setReceiptPending] = useState(false);

  // A list that cannot be read (after the query's retries) takes the player back to sign-in.
  const redirect = payments.isError && needsManualRedirect(payments.error);
  useEffect(() => {
    if (redirect) void manualRedirectToAuth({ project });
  }, [redirect, project]);

  if (payments.isPending) return <FullScreenLoader />;
  if (payments.isError) {
    return (
      <p className="tx-message" role="alert">
        {t('transactions.loadError')}
      </p>
    );
  }
  if (payments.data.length === 0) {
    return (
      <div className="tx-empty">
        <img src={files.mainImage('no-purchases')} alt="" width={160} height={160} />
        <p>{t('transactions.noPurchases')}</p>
      </div>
    );
  }
  return (
    <>
      <ul className="tx-list" aria-label={t('transactions.listLabel')}>
        {payments.data.map((item) => (
          <Row
            key={item.uuid}
            item={item}
            open={openId === item.uuid}
            onToggle={() => setOpenId((current) => (current === item.uuid ? null : item.uuid))}
            onHelp={() => onHelp(item.uuid)}
            onReceiptPending={() => setReceiptPending(true)}
          />
        ))}
      </ul>
      {receiptPending ? (
        <Dialog label={t('transactions.receiptTitle')} onRequestClose={() => setReceiptPending(false)} className="tx-dialog">
          <h2>{t('transactions.receiptTitle')}</h2>
          <p>{t('transactions.receiptPending')}</p>
          <button type="button" className="tx-button" onClick={() => setReceiptPending(false)}>
            {t('transactions.ok')}
          </button>
        </Dialog>
      ) : null}
    </>
  );
}
