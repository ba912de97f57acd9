import { useId, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { REVENUE_MAX_DAYS } from '@portal/contracts/money-console';
import { CURRENCIES } from '@portal/contracts/payments-constants';
import { formatMoney } from '@portal/contracts/format';
import { usePageMeta } from '@/shared/hooks/use-page-meta';
import { downloadRevenueCsv, useRevenue } from '../api/revenue';
import { readRevenueSearch, revenueQuery, writeRevenueSearch, type TRevenueSearch } from '../search-params';
import { MoneyError, MoneyGate } from './money-gate';
import { RevenueChart } from './revenue-chart';
import { ModeSwitch } from './mode-switch';
import { ProjectSelect } from './project-select';

/** /staff/revenue: gross, refunds, disputes and net per UTC day, project and currency; a chart, its table, totals and a CSV. */
export function RevenuePage() {
  const { t } = useTranslation();
  usePageMeta({ title: `${t('staff.money.revenue.title')} · ${t('staff.title')}` });
  return (
    <MoneyGate title={t('staff.money.revenue.title')}>
      <RevenueReport />
    </MoneyGate>
  );
}

const rangeDays = ({ from, to }: Pick<TRevenueSearch, 'from' | 'to'>) => (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1;

function RevenueReport() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const search = readRevenueSearch(params);
  const query = revenueQuery(search);
  const report = useRevenue(query);
  const [exporting, setExporting] = useState(false);
  const [exportFailed, setExportFailed] = useState(false);
  const currencies = [...new Set(report.data?.rows.map((row) => row.currency))].sort();

  const exportCsv = () => {
    setExporting(true);
    setExportFailed(false);
    downloadRevenueCsv(query)
      .catch(() => setExportFailed(true))
      .finally(() => setExporting(false));
  };

  return (
    <section className="staff-card staff-money" aria-labelledby="staff-revenue-title">
      <h1 id="staff-revenue-title">{t('staff.money.revenue.title')}</h1>
      <ModeSwitch mode={search.mode} onChange={(mode) => setParams(writeRevenueSearch({ ...search, mode }))} />
      <RevenueForm
        key={params.toString()}
        initial={search}
        onApply={(next) => setParams(writeRevenueSearch({ ...next, mode: search.mode }))}
      />
      <p className="staff-muted">{t('staff.money.revenue.utcNote')}</p>
      <div className="staff-money-export">
        <button type="button" className="staff-button" onClick={exportCsv} disabled={exporting}>
          {t('staff.money.revenue.export')}
        </button>
        {exporting && <span role="status">{t('staff.money.revenue.exporting')}</span>}
        {exportFailed && (
          <span role="alert" className="staff-error">
            {t('staff.money.revenue.exportError')}
          </span>
        )}
      </div>
      {report.isPending && <p role="status">{t('common.loading')}</p>}
      {report.isError && <MoneyError error={report.error} />}
      {report.data && (
        <>
          <h2 id="staff-totals-title">{t('staff.money.revenue.totals')}</h2>
          {report.data.totals.length === 0 ? (
            <p className="staff-muted">{t('staff.money.revenue.empty')}</p>
          ) : (
            <ul className="staff-money-totals" aria-labelledby="staff-totals-title">
              {report.data.totals.map((total) => (
                <li key={total.currency}>
                  <strong>
                    {t('staff.money.revenue.net')}: {formatMoney(total.netMinor / 100, total.currency)}
                  </strong>{' '}
                  <span className="staff-muted">
                    {t('staff.money.revenue.gross')}: {formatMoney(Number(total.amount), total.currency)} ·{' '}
                    {t('staff.money.revenue.refunds')}: {formatMoney(Number(total.refunds), total.currency)} ·{' '}
                    {t('staff.money.revenue.disputes')}: {formatMoney(Number(total.disputes), total.currency)} ·{' '}
                    {t('staff.money.revenue.paymentsCount', { count: total.payments })}
                  </span>
                </li>
              ))}
            </ul>
          )}
          {currencies.map((currency) => (
            <RevenueChart
              key={currency}
              currency={currency}
              rows={report.data.rows.filter((row) => row.currency === currency)}
              from={search.from}
              to={search.to}
              label={t('staff.money.revenue.chartLabel', { currency, from: search.from, to: search.to })}
            />
          ))}
          {report.data.rows.length > 0 && (
            <div className="staff-table-wrap">
              <table className="staff-table staff-money-table" aria-busy={report.isPlaceholderData || undefined}>
                <caption>{t('staff.money.revenue.tableCaption', { from: search.from, to: search.to })}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('staff.money.revenue.day')}</th>
                    <th scope="col">{t('staff.money.project')}</th>
                    <th scope="col">{t('staff.money.revenue.currency')}</th>
                    <th scope="col">{t('staff.money.revenue.payments')}</th>
                    <th scope="col">{t('staff.money.revenue.gross')}</th>
                    <th scope="col">{t('staff.money.revenue.refunds')}</th>
                    <th scope="col">{t('staff.money.revenue.disputes')}</th>
                    <th scope="col">{t('staff.money.revenue.net')}</th>
                  </tr>
                </thead>
                <tbody>
                  {report.data.rows.map((row) => (
                    <tr key={`${row.day}:${row.project}:${row.currency}`}>
                      <th scope="row">
                        <time dateTime={row.day}>{row.day}</time>
                      </th>
                      <td>{row.project}</td>
                      <td>{row.currency}</td>
                      <td>{row.payments}</td>
                      <td>{formatMoney(Number(row.amount), row.currency)}</td>
                      <td>{formatMoney(Number(row.refunds), row.currency)}</td>
                      <td>{formatMoney(Number(row.disputes), row.currency)}</td>
                      <td>{formatMoney(row.netMinor / 100, row.currency)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </section>
  );
}

function RevenueForm({ initial, onApply }: { initial: TRevenueSearch; onApply: (search: TRevenueSearch) => void }) {
  const { t } = useTranslation();
  const [form, setForm] = useState(initial);
  const [error, setError] = useState<'missing' | 'backwards' | 'tooLong' | null>(null);
  const id = useId();
  const set = <K extends keyof TRevenueSearch>(key: K, value: TRevenueSearch[K]) => setForm((old) => ({ ...old, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem =
      !form.from || !form.to ? 'missing' : form.from > form.to ? 'backwards' : rangeDays(form) > REVENUE_MAX_DAYS ? 'tooLong' : null;
    setError(problem);
    if (!problem) onApply(form);
  };
  const errorText =
    error === 'missing'
      ? t('staff.money.revenue.rangeMissing')
      : error === 'backwards'
        ? t('staff.money.rangeBackwards')
        : error === 'tooLong'
          ? t('staff.money.revenue.rangeTooLong', { days: REVENUE_MAX_DAYS })
          : '';

  return (
    <form className="staff-money-form" aria-label={t('staff.money.revenue.filters')} onSubmit={submit} noValidate>
      <div className="staff-field">
        <label htmlFor={`${id}-from`}>{t('staff.money.from')}</label>
        <input
          id={`${id}-from`}
          type="date"
          required
          value={form.from}
          aria-invalid={error === 'missing' && !form.from ? true : undefined}
          onChange={(event) => set('from', event.target.value)}
        />
      </div>
      <div className="staff-field">
        <label htmlFor={`${id}-to`}>{t('staff.money.to')}</label>
        <input
          id={`${id}-to`}
          type="date"
          required
          value={form.to}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => set('to', event.target.value)}
        />
        {error && (
          <small id={`${id}-error`} className="staff-error">
            {errorText}
          </small>
        )}
      </div>
      <ProjectSelect id={`${id}-project`} value={form.project} onChange={(project) => set('project', project)} />
      <div className="staff-field">
        <label htmlFor={`${id}-currency`}>{t('staff.money.revenue.currency')}</label>
        <select
          id={`${id}-currency`}
          value={form.currency}
          onChange={(event) => set('currency', event.target.value as TRevenueSearch['currency'])}
        >
          <option value="">{t('staff.money.revenue.allCurrencies')}</option>
          {CURRENCIES.map((currency) => (
            <option key={currency} value={currency}>
              {currency}
            </option>
          ))}
        </select>
      </div>
      <div className="staff-money-form__actions">
        <button type="submit" className="staff-button staff-button--primary">
          {t('staff.money.revenue.show')}
        </button>
      </div>
    </form>
  );
}
