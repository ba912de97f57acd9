import { fromMinorUnits, type TGameServerPayment, type TPaymentHistoryItem } from '@portal/contracts/payments';
import type { TStaffPayment, TStaffPaymentSummary } from '@portal/contracts/staff';
import type { PaymentRow } from '../../db/schema.ts';

/** A payment row as each reader sees it on the wire: game servers, staff, the player's history. */

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** `GET /api/v1/payments/{id}` and the webhook's `data` (DESIGN 4.3). */
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
  };
}

/** The staff payment look-up (DESIGN 4.4). */
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

/** A purchase of the player's history (spec section 3: payment history item). */
export function toHistoryItem(row: PaymentRow): TPaymentHistoryItem {
  return {
    uuid: row.id,
    createTs: row.createdAt.toISOString(),
    title: row.currency === 'RUB' ? row.titleRu : row.titleEn,
    price: row.amountMinor / 100,
    currency: row.currency,
    status: row.status,
    projectName: row.project,
  };
}
