import { MONEY_SORTS, type TMoneyPaymentsQuery, type TRevenueQuery } from '@portal/contracts/money-console';
import {
  CURRENCIES,
  PAYMENT_STATUSES,
  type TCurrency,
  type TPaymentProviderId,
  type TPaymentStatus,
} from '@portal/contracts/payments-constants';
import { PAYMENT_PROVIDERS } from '@portal/contracts/control-constants';

/**
 * The money pages keep their filters, sort and page in the address (shareable, kept on reload
 * and on the way back from a payment). Values the server would refuse are left out here.
 */
export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 25;
/** Days of the revenue report when the address names none: today and the 29 days before (UTC). */
export const DEFAULT_REVENUE_DAYS = 30;

export type TPaymentsSearch = {
  q: string;
  project: string;
  status: TPaymentStatus | '';
  provider: TPaymentProviderId | '';
  from: string;
  to: string;
  sort: (typeof MONEY_SORTS)[number];
  order: 'asc' | 'desc';
  page: number;
  pageSize: number;
  /** live money (the default) or test payments */
  mode: 'live' | 'test';
};

export const PAYMENT_FILTERS = ['q', 'project', 'status', 'provider', 'from', 'to'] as const;
export type TPaymentFilters = Pick<TPaymentsSearch, (typeof PAYMENT_FILTERS)[number]>;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (value: string | null): value is string => Boolean(value && DAY.test(value) && !Number.isNaN(Date.parse(value)));
const oneOf = <T extends string>(list: readonly T[], value: string | null): T | undefined => list.find((item) => item === value);
const positive = (value: string | null, max: number): number | undefined => {
  const number = Number(value);
  return Number.isInteger(number) && number >= 1 && number <= max ? number : undefined;
};

export function readPaymentsSearch(params: URLSearchParams): TPaymentsSearch {
  const from = params.get('from');
  const to = params.get('to');
  return {
    q: params.get('q')?.slice(0, 320) ?? '',
    project: params.get('project') ?? '',
    status: oneOf(PAYMENT_STATUSES, params.get('status')) ?? '',
    provider: oneOf(PAYMENT_PROVIDERS, params.get('provider')) ?? '',
    from: isDay(from) ? from : '',
    to: isDay(to) ? to : '',
    sort: oneOf(MONEY_SORTS, params.get('sort')) ?? 'createdAt',
    order: params.get('order') === 'asc' ? 'asc' : 'desc',
    page: positive(params.get('page'), 10_000) ?? 1,
    pageSize: pageSizeOf(params.get('pageSize')),
    mode: modeOf(params),
  };
}

/** `mode=test` shows test payments; anything else is live money. */
const modeOf = (params: URLSearchParams): 'live' | 'test' => (params.get('mode') === 'test' ? 'test' : 'live');

const pageSizeOf = (value: string | null): number => {
  const size = Number(value);
  return (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE;
};

/** The address's search part of a payments search: defaults left out. */
export function writePaymentsSearch(search: TPaymentsSearch): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of PAYMENT_FILTERS) {
    const value = search[key].trim();
    if (value) params.set(key, value);
  }
  if (search.sort !== 'createdAt') params.set('sort', search.sort);
  if (search.order !== 'desc') params.set('order', search.order);
  if (search.page !== 1) params.set('page', String(search.page));
  if (search.pageSize !== DEFAULT_PAGE_SIZE) params.set('pageSize', String(search.pageSize));
  if (search.mode === 'test') params.set('mode', 'test');
  return params;
}

/** GET /api/staff/money/payments's query as the console sends it: page numbers always numbers. */
export type TPaymentsApiQuery = Omit<TMoneyPaymentsQuery, 'page' | 'pageSize'> & { page: number; pageSize: number };

/** The API query of a payments search: every value spelled out, in a stable order. */
export function paymentsQuery(search: TPaymentsSearch): TPaymentsApiQuery {
  const query: TPaymentsApiQuery = { sort: search.sort, order: search.order, page: search.page, pageSize: search.pageSize };
  if (search.q.trim()) query.q = search.q.trim();
  if (search.project) query.project = search.project;
  if (search.status) query.status = search.status;
  if (search.provider) query.provider = search.provider;
  if (search.from) query.from = search.from;
  if (search.to) query.to = search.to;
  if (search.mode === 'test') query.mode = 'test';
  return query;
}

export const toQueryString = (query: Record<string, string | number | undefined>): string =>
  new URLSearchParams(
    Object.entries(query)
      .filter((entry): entry is [string, string | number] => entry[1] !== undefined && entry[1] !== '')
      .map(([key, value]) => [key, String(value)]),
  ).toString();

/** A UTC day `days` before `day` (YYYY-MM-DD). */
export const utcDayBefore = (day: Date, days: number): string => new Date(day.getTime() - days * 86_400_000).toISOString().slice(0, 10);

export type TRevenueSearch = { from: string; to: string; project: string; currency: TCurrency | ''; mode: 'live' | 'test' };

export function readRevenueSearch(params: URLSearchParams, now = new Date()): TRevenueSearch {
  const from = params.get('from');
  const to = params.get('to');
  return {
    from: isDay(from) ? from : utcDayBefore(now, DEFAULT_REVENUE_DAYS - 1),
    to: isDay(to) ? to : utcDayBefore(now, 0),
    project: params.get('project') ?? '',
    currency: oneOf(CURRENCIES, params.get('currency')) ?? '',
    mode: modeOf(params),
  };
}

export function writeRevenueSearch(search: TRevenueSearch): URLSearchParams {
  const params = new URLSearchParams({ from: search.from, to: search.to });
  if (search.project) params.set('project', search.project);
  if (search.currency) params.set('currency', search.currency);
  if (search.mode === 'test') params.set('mode', 'test');
  return params;
}

export function revenueQuery(search: TRevenueSearch): TRevenueQuery {
  const query: TRevenueQuery = { from: search.from, to: search.to };
  if (search.project) query.project = search.project;
  if (search.currency) query.currency = search.currency;
  if (search.mode === 'test') query.mode = 'test';
  return query;
}
