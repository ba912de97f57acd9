import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { HEADERS } from '@portal/contracts/http';
import { followEventStream } from '@/shared/api/event-stream';
import { STORAGE_KEYS } from '@/shared/storage-keys';
import { storage } from '@/shared/storage';
import { api } from '@/shared/paths';
import { paymentQueryOptions } from './api/get-payment';

/**
 * While `enabled`, the payment's status is pushed by the server (Server-Sent Events) into the
 * same query the 2 s polling fills, so whichever comes first ends the wait. The stream is
 * read with fetch and the token sent as a header; it reconnects after a drop, and a refusal
 * (401, an unknown payment) leaves the polling alone to do the work.
 */
export function useLivePayment(paymentId: string, jwt: string | null | undefined, enabled: boolean): void {
  const client = useQueryClient();
  useEffect(() => {
    if (!enabled || !paymentId || typeof ReadableStream === 'undefined') return;
    const token = jwt || storage.get(STORAGE_KEYS.accessToken);
    if (!token) return;
    const { queryKey } = paymentQueryOptions(paymentId);
    // The schema (and zod with it) loads beside the stream, not with the page; events are
    // checked in the order they came, each after the one before.
    const contract = import('@portal/contracts/payments');
    let checked: Promise<unknown> = contract;
    return followEventStream({
      url: api.paymentEvents(paymentId),
      headers: () => ({ [HEADERS.authorization]: `Bearer ${token}` }),
      onMessage: (message) => {
        if (message.event !== 'status') return;
        const data = safeJson(message.data);
        checked = checked.then(async () => {
          const parsed = (await contract).ZPaymentLiveEvent.safeParse(data);
          if (!parsed.success || parsed.data.type !== 'status' || parsed.data.paymentId !== paymentId) return;
          const { status, payload, token: paymentToken } = parsed.data;
          client.setQueryData(queryKey, { status, payload, token: paymentToken });
        });
        // A schema that failed to load leaves the polling to do the work.
        checked = checked.catch(() => undefined);
      },
    });
  }, [client, enabled, jwt, paymentId]);
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
