import {
  fromMinorUnits,
  type TGameServerPayment,
  type TPaymentDispute,
  type TPaymentHistoryItem,
  type TPaymentRefund,
} from '@portal/contracts/payments';
import type { TStaffPayment, TStaffPaymentSummary, TWebhookDelivery } from '@portal/contracts/staff';
import { priceTitleIn } from '@portal/contracts/control';
import type { Language } from '@portal/contracts/languages';
import type { LocalizedTexts, PaymentDisputeRow, PaymentRefundRow, PaymentRow, WebhookDeliveryRow } from '../../db/schema.ts';

/** A payment row as each reader sees it on the wire: game servers, staff, the player's history. */

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** `GET /api/v1/payments/{id}` and the webhook's `data` (game-server API). */
export function toGameServer(row: PaymentRow): TGameServerPayment {
  return {
    paymentId: row.id,
    project: row.project,
    userId: row.userId,
    priceId: row.priceId,
    status: row.status,
    amount: fromMinorUnits(row.amountMinor, row.currency),
    amountMinor: row.amountMinor,
    currency: row.currency,
    provider: row.provider,
    payload: row.payload,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    paidAt: iso(row.paidAt),
    refundedAmount: fromMinorUnits(row.refundedMinor, row.currency),
    refundedAmountMinor: row.refundedMinor,
    livemode: row.livemode,
  };
}

/** One refund on the wire (game-server API, webhooks, the console). */
export function toRefund(row: PaymentRefundRow): TPaymentRefund {
  return {
    refundId: row.id,
    paymentId: row.paymentId,
    status: row.status,
    amount: fromMinorUnits(row.amountMinor, row.currency),
    amountMinor: row.amountMinor,
    currency: row.currency,
    source: row.source,
    failureReason: row.failureReason,
    createdAt: row.createdAt.toISOString(),
    finishedAt: iso(row.finishedAt),
  };
}

export function toDispute(row: PaymentDisputeRow): TPaymentDispute {
  return {
    disputeId: row.id,
    paymentId: row.paymentId,
    status: row.status,
    amount: fromMinorUnits(row.amountMinor, row.currency),
    amountMinor: row.amountMinor,
    currency: row.currency,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The staff payment look-up. */
export function toStaff(row: PaymentRow): TStaffPayment {
  return { ...toGameServer(row), providerRef: row.providerRef, receiptEmail: row.receiptEmail, titleRu: row.titleRu, titleEn: row.titleEn };
}

/** The staff ticket view's line of a payment (no provider reference, receipt e-mail or keys). */
export function toStaffSummary(row: PaymentRow): TStaffPaymentSummary {
  return {
    paymentId: row.id,
    project: row.project,
    priceId: row.priceId,
    titleEn: row.titleEn,
    titleRu: row.titleRu,
    status: row.status,
    amount: fromMinorUnits(row.amountMinor, row.currency),
    currency: row.currency,
    provider: row.provider,
    createdAt: row.createdAt.toISOString(),
    paidAt: iso(row.paidAt),
  };
}

/** The game's name in `language` (else English, else the project id) for the player's screens. */
export function gameNameOf(project: string, localization: LocalizedTexts | undefined, language: Language): string {
  return localization?.[language]?.name || localization?.en?.name || project;
}

/** The item's name in `language` as the payment was created with it, else the English one. */
export function paymentTitleIn(row: PaymentRow, language: Language): string {
  return priceTitleIn(row.titles, language) || (language === 'ru' ? row.titleRu : row.titleEn);
}

/**
 * A purchase of the player's payment history, in the player's interface language (the item's
 * English name where it has none in that language), whatever the currency paid; the game by
 * its name.
 */
export function toHistoryItem(row: PaymentRow, language: Language, gameName: string = row.project): TPaymentHistoryItem {
  return {
    uuid: row.id,
    createTs: row.createdAt.toISOString(),
    title: paymentTitleIn(row, language),
    price: row.amountMinor / 100,
    currency: row.currency,
    status: row.status,
    projectName: gameName,
    ...(row.refundedMinor > 0 && {
      refunded: row.refundedMinor >= row.amountMinor ? ('full' as const) : ('partial' as const),
      refundedPrice: row.refundedMinor / 100,
    }),
  };
}

/** One line of the webhook deliveries log (the integrations page, a payment's detail). */
export function toDelivery(row: WebhookDeliveryRow): TWebhookDelivery {
  return {
    id: row.id,
    paymentId: row.paymentId,
    eventId: row.eventId,
    eventType: row.eventType,
    url: row.url,
    ok: row.ok,
    responseStatus: row.responseStatus,
    error: row.error,
    durationMs: row.durationMs,
    attempt: row.attempt,
    nextRetryAt: row.nextRetryAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
