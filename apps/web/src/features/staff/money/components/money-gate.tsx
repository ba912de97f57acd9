import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/shared/api/client';
import { useStaffMe } from '../../api/get-me';
import '../money.css';

/** The money pages open to finance staff and admins; others see why, and nothing is asked of the server. */
export function MoneyGate({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  const me = useStaffMe(true);
  if (me.isPending) return <p role="status">{t('common.loading')}</p>;
  if (me.data?.role === 'finance' || me.data?.role === 'admin') return children;
  return (
    <section className="staff-card">
      <h1>{title}</h1>
      <p role="alert" className="staff-error">
        {t('staff.errors.forbidden')}
      </p>
    </section>
  );
}

/** The message of a failed money call: no access, not found, or the generic one. */
export function MoneyError({ error }: { error: Error }) {
  const { t } = useTranslation();
  const status = error instanceof ApiError ? error.status : 0;
  const key = status === 403 ? 'staff.errors.forbidden' : status === 404 ? 'staff.money.detail.notFound' : 'staff.money.loadError';
  return (
    <p role="alert" className="staff-error">
      {t(key)}
    </p>
  );
}

/** Stripe, YooKassa and Yandex Pay are named alike in every language. */
export const PROVIDER_NAMES: Record<string, string> = { stripe: 'Stripe', yookassa: 'YooKassa', 'yandex-pay': 'Yandex Pay' };
export const providerName = (id: string | null) => (id ? (PROVIDER_NAMES[id] ?? id) : '—');
