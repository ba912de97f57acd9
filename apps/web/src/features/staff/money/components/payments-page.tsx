import { useId, useMemo, useState, type FormEvent } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  createColumnHelper,
  functionalUpdate,
  rowPaginationFeature,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type PaginationState,
  type SortingState,
  type Updater,
} from '@tanstack/react-table';
import { MONEY_SORTS } from '@portal/contracts/money-console';
import { PAYMENT_STATUSES } from '@portal/contracts/payments-constants';
import { PAYMENT_PROVIDERS } from '@portal/contracts/control-constants';
import type { TStaffPayment } from '@portal/contracts/staff';
import { formatDateTime, formatMoney } from '@portal/contracts/format';
import { usePageMeta } from '@/shared/hooks/use-page-meta';
import { staffPaths } from '../../staff-paths';
import { downloadPaymentsCsv, useMoneyPayments } from '../api/payments';
import {
  PAGE_SIZES,
  PAYMENT_FILTERS,
  paymentsQuery,
  readPaymentsSearch,
  writePaymentsSearch,
  type TPaymentFilters,
  type TPaymentsSearch,
} from '../search-params';
import { MoneyError, MoneyGate, providerName } from './money-gate';
import { ModeSwitch } from './mode-switch';
import { ProjectSelect } from './project-select';

/** /staff/payments: payments searched, sorted and paged on the server; the address holds the search. */
export function PaymentsPage() {
  const { t } = useTranslation();
  usePageMeta({ title: `${t('staff.money.payments.title')} · ${t('staff.title')}` });
  return (
    <MoneyGate title={t('staff.money.payments.title')}>
      <PaymentsSearch />
    </MoneyGate>
  );
}

function PaymentsSearch() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const search = readPaymentsSearch(params);
  const payments = useMoneyPayments(paymentsQuery(search));
  const update = (next: Partial<TPaymentsSearch>) => setParams(writePaymentsSearch({ ...search, ...next }));
  // The form starts over from the address when the address changes (back, forward, a shared link).
  const filtersKey = PAYMENT_FILTERS.map((key) => search[key]).join('\n');

  return (
    <section className="staff-card staff-money" aria-labelledby="staff-payments-title">
      <h1 id="staff-payments-title">{t('staff.money.payments.title')}</h1>
      <ModeSwitch mode={search.mode} onChange={(mode) => update({ mode, page: 1 })} />
      <SearchForm key={filtersKey} initial={search} onSearch={(filters) => update({ ...filters, page: 1 })} />
      <PaymentsExport search={search} />
      {payments.isPending && <p role="status">{t('common.loading')}</p>}
      {payments.isError && <MoneyError error={payments.error} />}
      {payments.data && (
        <PaymentsTable
          items={payments.data.items}
          total={payments.data.total}
          search={search}
          busy={payments.isFetching}
          onChange={(next) => update(next)}
        />
      )}
    </section>
  );
}

/** Every payment of the search as a CSV file, one line each (the server streams it). */
function PaymentsExport({ search }: { search: TPaymentsSearch }) {
  const { t } = useTranslation();
  const [exporting, setExporting] = useState(false);
  const [failed, setFailed] = useState(false);
  const exportCsv = () => {
    setExporting(true);
    setFailed(false);
    downloadPaymentsCsv(paymentsQuery(search))
      .catch(() => setFailed(true))
      .finally(() => setExporting(false));
  };
  return (
    <div className="staff-money-export">
      <button type="button" className="staff-button" onClick={exportCsv} disabled={exporting}>
        {t('staff.money.payments.export')}
      </button>
      {exporting && <span role="status">{t('staff.money.revenue.exporting')}</span>}
      {failed && (
        <span role="alert" className="staff-error">
          {t('staff.money.payments.exportError')}
        </span>
      )}
    </div>
  );
}

function SearchForm({ initial, onSearch }: { initial: TPaymentFilters; onSearch: (filters: TPaymentFilters) => void }) {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<TPaymentFilters>(() => ({
    q: initial.q,
    project: initial.project,
    status: initial.status,
    provider: initial.provider,
    from: initial.from,
    to: initial.to,
  }));
  const [rangeError, setRangeError] = useState(false);
  const id = useId();
  const set = <K extends keyof TPaymentFilters>(key: K, value: TPaymentFilters[K]) => setFilters((old) => ({ ...old, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const backwards = Boolean(filters.from && filters.to && filters.from > filters.to);
    setRangeError(backwards);
    if (!backwards) onSearch(filters);
  };
  const clear = () => {
    const empty: TPaymentFilters = { q: '', project: '', status: '', provider: '', from: '', to: '' };
    setFilters(empty);
    setRangeError(false);
    onSearch(empty);
  };

  return (
    <form className="staff-money-form" role="search" aria-label={t('staff.money.payments.searchLabel')} onSubmit={submit} noValidate>
      <div className="staff-field staff-money-form__wide">
        <label htmlFor={`${id}-q`}>{t('staff.money.payments.query')}</label>
        <input
          id={`${id}-q`}
          type="search"
          value={filters.q}
          maxLength={320}
          aria-describedby={`${id}-q-hint`}
          onChange={(event) => set('q', event.target.value)}
        />
        <small id={`${id}-q-hint`} className="staff-muted">
          {t('staff.money.payments.queryHint')}
        </small>
      </div>
      <ProjectSelect id={`${id}-project`} value={filters.project} onChange={(project) => set('project', project)} />
      <div className="staff-field">
        <label htmlFor={`${id}-status`}>{t('staff.money.payments.status')}</label>
        <select
          id={`${id}-status`}
          value={filters.status}
          onChange={(event) => set('status', event.target.value as TPaymentFilters['status'])}
        >
          <option value="">{t('staff.money.payments.anyStatus')}</option>
          {PAYMENT_STATUSES.map((status) => (
            <option key={status} value={status}>
              {t(`payment.status.${status}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="staff-field">
        <label htmlFor={`${id}-provider`}>{t('staff.money.payments.provider')}</label>
        <select
          id={`${id}-provider`}
          value={filters.provider}
          onChange={(event) => set('provider', event.target.value as TPaymentFilters['provider'])}
        >
          <option value="">{t('staff.money.payments.anyProvider')}</option>
          {PAYMENT_PROVIDERS.map((provider) => (
            <option key={provider} value={provider}>
              {providerName(provider)}
            </option>
          ))}
        </select>
      </div>
      <div className="staff-field">
        <label htmlFor={`${id}-from`}>{t('staff.money.from')}</label>
        <input id={`${id}-from`} type="date" value={filters.from} onChange={(event) => set('from', event.target.value)} />
      </div>
      <div className="staff-field">
        <label htmlFor={`${id}-to`}>{t('staff.money.to')}</label>
        <input
          id={`${id}-to`}
          type="date"
          value={filters.to}
          aria-invalid={rangeError || undefined}
          aria-describedby={rangeError ? `${id}-to-error` : undefined}
          onChange={(event) => set('to', event.target.value)}
        />
        {rangeError && (
          <small id={`${id}-to-error`} className="staff-error">
            {t('staff.money.rangeBackwards')}
          </small>
        )}
      </div>
      <div className="staff-money-form__actions">
        <button type="submit" className="staff-button staff-button--primary">
          {t('staff.money.payments.search')}
        </button>
        <button type="button" className="staff-button" onClick={clear}>
          {t('staff.money.payments.clear')}
        </button>
      </div>
    </form>
  );
}

const features = tableFeatures({ rowSortingFeature, rowPaginationFeature });
const column = createColumnHelper<typeof features, TStaffPayment>();
const isSort = (id: string): id is TPaymentsSearch['sort'] => (MONEY_SORTS as readonly string[]).includes(id);

type TableProps = {
  items: TStaffPayment[];
  total: number;
  search: TPaymentsSearch;
  busy: boolean;
  onChange: (next: Partial<TPaymentsSearch>) => void;
};

/** The results: TanStack Table in manual mode, the server sorts and pages; every change goes to the address. */
function PaymentsTable({ items, total, search, busy, onChange }: TableProps) {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const ru = i18n.resolvedLanguage === 'ru';
  const pageSizeId = useId();
  const sorting: SortingState = [{ id: search.sort, desc: search.order === 'desc' }];
  const pagination: PaginationState = { pageIndex: search.page - 1, pageSize: search.pageSize };

  const columns = useMemo(
    () =>
      column.columns([
        column.accessor('paymentId', {
          header: () => t('staff.money.payments.paymentId'),
          enableSorting: false,
          cell: (info) => (
            <Link className="staff-mono" to={staffPaths.payment(info.getValue())} state={{ search: location.search }}>
              {info.getValue()}
            </Link>
          ),
        }),
        column.accessor('createdAt', {
          header: () => t('staff.money.payments.created'),
          sortDescFirst: true,
          cell: (info) => <time dateTime={info.getValue()}>{formatDateTime(info.getValue())}</time>,
        }),
        column.accessor('userId', {
          header: () => t('staff.money.payments.player'),
          enableSorting: false,
          cell: (info) => <span className="staff-mono">{info.getValue()}</span>,
        }),
        column.accessor('project', { header: () => t('staff.money.project'), enableSorting: false }),
        column.accessor((payment) => (ru ? payment.titleRu : payment.titleEn), {
          id: 'item',
          header: () => t('staff.money.payments.item'),
          enableSorting: false,
        }),
        column.accessor('provider', {
          header: () => t('staff.money.payments.provider'),
          enableSorting: false,
          cell: (info) => providerName(info.getValue()),
        }),
        column.accessor('status', {
          header: () => t('staff.money.payments.status'),
          sortDescFirst: false,
          cell: (info) => <span className={`staff-pay staff-pay--${info.getValue()}`}>{t(`payment.status.${info.getValue()}`)}</span>,
        }),
        column.accessor('amountMinor', {
          id: 'amount',
          header: () => t('staff.money.amount'),
          sortDescFirst: true,
          cell: (info) => formatMoney(Number(info.row.original.amount), info.row.original.currency),
        }),
      ]),
    [t, ru, location.search],
  );

  const table = useTable({
    features,
    columns,
    data: items,
    getRowId: (payment) => payment.paymentId,
    manualSorting: true,
    manualPagination: true,
    enableSortingRemoval: false,
    enableMultiSort: false,
    rowCount: total,
    state: { sorting, pagination },
    onSortingChange: (updater: Updater<SortingState>) => {
      const next = functionalUpdate(updater, sorting)[0];
      if (next && isSort(next.id)) onChange({ sort: next.id, order: next.desc ? 'desc' : 'asc', page: 1 });
    },
    onPaginationChange: (updater: Updater<PaginationState>) => {
      const next = functionalUpdate(updater, pagination);
      onChange({ page: next.pageSize === search.pageSize ? next.pageIndex + 1 : 1, pageSize: next.pageSize });
    },
  });
  const pages = Math.max(1, table.getPageCount());

  return (
    <>
      <p role="status" className="staff-muted">
        {t('staff.money.payments.found', { count: total })}
      </p>
      {items.length === 0 ? (
        <p className="staff-muted">{t('staff.money.payments.empty')}</p>
      ) : (
        <div className="staff-table-wrap">
          <table className="staff-table staff-money-table" aria-busy={busy || undefined}>
            <caption className="staff-visually-hidden">{t('staff.money.payments.caption')}</caption>
            <thead>
              {table.getHeaderGroups().map((group) => (
                <tr key={group.id}>
                  {group.headers.map((header) => {
                    const sorted = header.column.getIsSorted();
                    const canSort = header.column.getCanSort();
                    return (
                      <th
                        key={header.id}
                        scope="col"
                        aria-sort={canSort ? (sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none') : undefined}
                      >
                        {canSort ? (
                          <button type="button" className="staff-sort" onClick={header.column.getToggleSortingHandler()}>
                            <table.FlexRender header={header} />
                            <span aria-hidden="true" className="staff-sort__mark">
                              {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}
                            </span>
                          </button>
                        ) : (
                          <table.FlexRender header={header} />
                        )}
                      </th>
                    );
                  })}
                </tr>
              ))}
            </thead>
            <tbody>
              {table.getRowModel().rows.map((row) => (
                <tr key={row.id}>
                  {row.getAllCells().map((cell) => (
                    <td key={cell.id}>
                      <table.FlexRender cell={cell} />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <nav className="staff-pager" aria-label={t('staff.money.payments.pages')}>
        <button type="button" className="staff-button" disabled={!table.getCanPreviousPage()} onClick={() => table.previousPage()}>
          {t('staff.money.payments.previous')}
        </button>
        <span>{t('staff.money.payments.pageOf', { page: search.page, pages })}</span>
        <button type="button" className="staff-button" disabled={!table.getCanNextPage()} onClick={() => table.nextPage()}>
          {t('staff.money.payments.next')}
        </button>
        <span className="staff-field staff-field--inline">
          <label htmlFor={pageSizeId}>{t('staff.money.payments.pageSize')}</label>
          <select id={pageSizeId} value={search.pageSize} onChange={(event) => table.setPageSize(Number(event.target.value))}>
            {PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </span>
      </nav>
    </>
  );
}
