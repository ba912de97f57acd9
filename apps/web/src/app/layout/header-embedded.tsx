import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TPaymentResult } from '@portal/contracts/messages';
import { SERVICE_MESSAGE_TYPE } from '@portal/contracts/message-types';
import type { TPaymentGetResponse } from '@portal/contracts/payments';
import { apiRequest } from '@/shared/api/client';
import { useInitialConfig } from '@/shared/api/get-initial-config';
import { deliverToHost } from '@/shared/auth/host-message';
import { runServiceCloseHandler } from '@/shared/bridge/service-bridge-close';
import { checkStorageAccess, openSignInPopup, requestFirstPartyStorage, type StorageNext } from '@/shared/bridge/storage-access';
import { adoptGrantedStorage } from '@/shared/storage';
import { readFlow } from '@/features/auth/flow';
import { closedResult } from '@/features/payments';
import { routes } from '@/shared/paths';
import { LanguageSwitcher } from './language-switcher';
import { useProjectBackground } from './project-background';
import { HeaderConfirmDialog } from './header-confirm-dialog';
import { VARIANT_TITLE_KEYS, closeActionOf, closeQuestionKey, inPortalLoginFrame, type EmbedContext } from './header-embed';

/** The project of the flow: the path's, else the one the auth flow of this tab keeps. */
function projectOf(context: EmbedContext): string | undefined {
  if (context.project) return context.project;
  if (context.variant === 'auth' && context.session) {
    const flow = readFlow();
    if (flow.session === context.session && flow.project) return flow.project;
  }
  return undefined;
}

function sourceOf(context: EmbedContext): string | null {
  if (context.source) return context.source;
  if (context.variant === 'auth' && context.session) {
    const flow = readFlow();
    if (flow.session === context.session) return flow.source;
  }
  return null;
}

/** The screen's own cancel step gets this long; then the flow ends anyway. */
const CLOSE_HANDLER_TIMEOUT_MS = 10_000;

const withTimeout = (work: Promise<unknown>) =>
  Promise.race([work, new Promise((resolve) => window.setTimeout(resolve, CLOSE_HANDLER_TIMEOUT_MS))]);

/**
 * What the host hears when the player closes a payment: the payments feature's mapping of the
 * status the server reads now (paid meanwhile stays paid; anything else is cancelled, 4000).
 */
export async function paymentCloseResult(paymentId: string | null): Promise<TPaymentResult> {
  if (!paymentId) return closedResult(paymentId);
  const answer = await apiRequest<TPaymentGetResponse>(
    `/api/payments/get/${encodeURIComponent(paymentId)}`,
    { method: 'GET' },
    { reactToUnauthorized: false },
  ).catch(() => undefined); // unknown state: the player cancelled
  return closedResult(paymentId, answer);
}

/**
 * Framed and the browser blocks this frame's storage (Safari ITP, "block third-party
 * cookies"): ask for storage access from the player's click, or continue in a popup.
 */
function StorageAccessNotice() {
  const { t } = useTranslation();
  const [next, setNext] = useState<StorageNext>('none');
  useEffect(() => {
    let live = true;
    void checkStorageAccess().then((status) => {
      if (live) setNext(status.next);
    });
    return () => {
      live = false;
    };
  }, []);
  if (next === 'none') return null;

  const allow = async () => {
    const answer = next === 'request-access' ? await requestFirstPartyStorage() : ({ result: 'popup' } as const);
    if (answer.result === 'granted') {
      if (answer.storage) adoptGrantedStorage(answer.storage);
      setNext('none');
      return;
    }
    if (!openSignInPopup(window.location.href, { name: 'portal-first-party' })) setNext('popup');
  };

  return (
    <div role="status" className="embedded-header__storage">
      <span>{t('embed.storageBlocked')}</span>
      <button type="button" className="button button--small" onClick={() => void allow()}>
        {next === 'request-access' ? t('embed.allowStorage') : t('embed.openWindow')}
      </button>
    </div>
  );
}

/**
 * The header of the service screens in a host game: the screen's title, a language picker and
 * a close button that asks first. Confirmed, it ends the flow for the host:
 * auth -> authResult 1011, payments -> the payment is cancelled and paymentResult 4000,
 * support -> supportResult 5000; transactions, payment help and prices go to the start page.
 */
export function EmbeddedHeader({ context, framed }: { context: EmbedContext; framed: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // Also loads the allowed origins the results are posted to.
  const config = useInitialConfig(projectOf(context));
  useProjectBackground(config.data);
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const closeRef = useRef<HTMLButtonElement>(null);

  const cancel = () => {
    setAsking(false);
    closeRef.current?.focus();
  };

  const confirm = async () => {
    const action = closeActionOf(context.variant);
    if (action.kind === 'home') {
      setAsking(false);
      navigate(routes.home.getHref());
      return;
    }
    setBusy(true);
    if (action.resultKind === 'auth' && inPortalLoginFrame()) {
      // In the portal's own login modal this close is the modal's only one: the portal page
      // (same origin) hears the result whatever the project's delivery type, and tells the game.
      await withTimeout(runServiceCloseHandler());
      const result = { isError: true, errorCode: action.errorCode, session: context.session };
      window.parent.postMessage({ type: SERVICE_MESSAGE_TYPE[action.resultKind], result }, window.location.origin);
      setBusy(false);
      setAsking(false);
      navigate(routes.loader.getHref(), { replace: true });
      return;
    }
    // The project's delivery type and the allowed origins come with the settings.
    const settings = config.data ?? (await config.refetch()).data;
    const options = { authType: settings?.projects.authType, source: sourceOf(context) };
    let delivery;
    if (action.resultKind === 'payment') {
      // The screen cancels its provider payment first (a failure still ends the flow).
      await withTimeout(runServiceCloseHandler());
      delivery = deliverToHost('payment', await paymentCloseResult(context.paymentId), options);
    } else {
      await withTimeout(runServiceCloseHandler());
      delivery = deliverToHost(action.resultKind, { isError: true, errorCode: action.errorCode, session: context.session }, options);
    }
    setBusy(false);
    setAsking(false);
    if (delivery.via === 'postMessage') navigate(routes.loader.getHref(), { replace: true });
  };

  return (
    <header className="site-header embedded-header" data-variant={context.variant}>
      <div className="site-header__inner">
        <p className="embedded-header__title">{t(VARIANT_TITLE_KEYS[context.variant])}</p>
        <div className="site-header__actions">
          <LanguageSwitcher />
          <button
            ref={closeRef}
            type="button"
            className="embedded-header__close"
            aria-label={t('common.close')}
            aria-haspopup="dialog"
            onClick={() => setAsking(true)}
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
      </div>
      {framed && <StorageAccessNotice />}
      {asking && (
        <HeaderConfirmDialog
          question={t(closeQuestionKey(context.variant))}
          busy={busy}
          onConfirm={() => void confirm()}
          onCancel={cancel}
        />
      )}
    </header>
  );
}
