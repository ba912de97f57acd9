import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ZPaymentLiveEvent } from '@portal/contracts/payments';
import { STORAGE_KEYS } from '@/shared/storage-keys';
import { storage } from '@/shared/storage';
import { api } from '@/shared/paths';
import { paymentQueryOptions } from './api/get-payment';

/**
 * While `enabled`, the payment's status is pushed by the server (Server-Sent Events) into the
 * same query the 2 s polling fills, so whichever comes first ends the wait. Without
 * EventSource (old browsers, tests) polling alone does the work.
 */
export function useLivePayment(paymentId: string, jwt: string | null | undefined, enabled: boolean): void {
  const client = useQueryClient();
  useEffect(() => {
    if (!enabled || !paymentId || typeof EventSource === 'undefined') return;
    const token = jwt || storage.get(STORAGE_KEYS.accessToken);
    const source = new EventSource(api.paymentEvents(paymentId, token));
    const { queryKey } = paymentQueryOptions(paymentId);
    source.addEventListener('status', (event) => {
      const parsed = ZPaymentLiveEvent.safeParse(safeJson((event as MessageEvent<string>).data));
      if (!parsed.success || parsed.data.type !== 'status' || parsed.data.paymentId !== paymentId) return;
      const { status, payload, token: paymentToken } = parsed.data;
      client.setQueryData(queryKey, { status, payload, token: paymentToken });
    });
    return () => source.close();
  }, [client, enabled, jwt, paymentId]);
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
