/** YYYY-MM-DD HH:mm in local time, for message and list times. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** YYYY-MM-DD. */
export const formatDate = (iso: string): string => formatDateTime(iso).slice(0, 10);

/** ₽ for roubles, $ otherwise. */
export const formatAmount = (amount: string, currency: string): string => (currency === 'RUB' ? `${amount} ₽` : `$${amount}`);
