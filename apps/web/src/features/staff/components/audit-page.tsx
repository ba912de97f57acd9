import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TAuditEntry } from '@portal/contracts/catalog-console';
import { formatDateTime } from '@portal/contracts/format';
import { usePageMeta } from '@/shared/hooks/use-page-meta';
import { useAudit, type AuditFilter } from '../api/audit';
import { useStaffMe } from '../api/get-me';

/** The kinds of things the log records changes of. */
const TARGET_TYPES = ['staff', 'project', 'game', 'price'] as const;

const json = (value: unknown) => JSON.stringify(value, null, 2);

/** The fields whose values differ between `before` and `after` (both plain objects), in order. */
function changedFields(before: unknown, after: unknown): Array<{ field: string; from: unknown; to: unknown }> | null {
  const isRecord = (value: unknown): value is Record<string, unknown> =>
    typeof value === 'object' && value !== null && !Array.isArray(value);
  if (!isRecord(before) && before !== null && before !== undefined) return null;
  if (!isRecord(after) && after !== null && after !== undefined) return null;
  const from = isRecord(before) ? before : {};
  const to = isRecord(after) ? after : {};
  const fields = [...new Set([...Object.keys(from), ...Object.keys(to)])];
  return fields.filter((field) => json(from[field]) !== json(to[field])).map((field) => ({ field, from: from[field], to: to[field] }));
}

/** A value in one diff cell: short JSON, "—" when absent. */
const shown = (value: unknown) => (value === undefined || value === null ? '—' : typeof value === 'string' ? value : JSON.stringify(value));

/** Before and after: the changed fields as a list, the whole records in a <details>. */
function Change({ entry }: { entry: TAuditEntry }) {
  const { t } = useTranslation();
  const fields = changedFields(entry.before, entry.after);
  const hasData = (entry.before ?? null) !== null || (entry.after ?? null) !== null;
  if (!hasData) return <span className="staff-muted">—</span>;
  return (
    <>
      {fields && fields.length > 0 && (
        <ul className="staff-diff">
          {fields.map(({ field, from, to }) => (
            <li key={field}>
              <code>{field}</code>: <del>{shown(from)}</del> → <ins>{shown(to)}</ins>
            </li>
          ))}
        </ul>
      )}
      <details className="staff-diff__details">
        <summary>{t('staff.audit.showJson')}</summary>
        <div className="staff-diff__json">
          <div>
            <strong>{t('staff.audit.before')}</strong>
            <pre>{json(entry.before ?? null)}</pre>
          </div>
          <div>
            <strong>{t('staff.audit.after')}</strong>
            <pre>{json(entry.after ?? null)}</pre>
          </div>
        </div>
      </details>
    </>
  );
}

/** Admin only: who changed what and when, newest first, filtered by target, paged on. */
export function AuditPage() {
  const { t } = useTranslation();
  usePageMeta({ title: `${t('staff.audit.title')} · ${t('staff.title')}` });
  const me = useStaffMe(true);
  const isAdmin = me.data?.role === 'admin';
  const [draft, setDraft] = useState<AuditFilter>({ targetType: '', targetId: '' });
  const [filter, setFilter] = useState<AuditFilter>({ targetType: '', targetId: '' });
  const audit = useAudit(filter, isAdmin);
  const typeId = useId();
  const idId = useId();

  if (me.isPending) return <p role="status">{t('common.loading')}</p>;
  if (!isAdmin)
    return (
      <section className="staff-card">
        <h1>{t('staff.audit.title')}</h1>
        <p role="alert" className="staff-error">
          {t('staff.errors.forbidden')}
        </p>
      </section>
    );

  const onFilter = (event: FormEvent) => {
    event.preventDefault();
    setFilter({ targetType: draft.targetType, targetId: draft.targetId.trim() });
  };
  const entries = audit.data?.pages.flat() ?? [];

  return (
    <section className="staff-card staff-audit" aria-labelledby="staff-audit-title">
      <h1 id="staff-audit-title">{t('staff.audit.title')}</h1>
      <form className="staff-filters" onSubmit={onFilter} role="search" aria-label={t('staff.audit.filters')}>
        <div className="staff-field">
          <label htmlFor={typeId}>{t('staff.audit.targetType')}</label>
          <select id={typeId} value={draft.targetType} onChange={(event) => setDraft({ ...draft, targetType: event.target.value })}>
            <option value="">{t('staff.audit.anyTarget')}</option>
            {TARGET_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`staff.audit.types.${type}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="staff-field">
          <label htmlFor={idId}>{t('staff.audit.targetId')}</label>
          <input
            id={idId}
            maxLength={200}
            value={draft.targetId}
            onChange={(event) => setDraft({ ...draft, targetId: event.target.value })}
          />
        </div>
        <div className="staff-actions">
          <button type="submit" className="staff-button staff-button--primary">
            {t('staff.audit.apply')}
          </button>
          <button
            type="button"
            className="staff-button"
            onClick={() => {
              setDraft({ targetType: '', targetId: '' });
              setFilter({ targetType: '', targetId: '' });
            }}
          >
            {t('staff.audit.clear')}
          </button>
        </div>
      </form>
      {audit.isPending && <p role="status">{t('common.loading')}</p>}
      {audit.isError && (
        <p role="alert" className="staff-error">
          {t('staff.projects.error')}
        </p>
      )}
      {audit.isSuccess && entries.length === 0 && <p className="staff-muted">{t('staff.audit.empty')}</p>}
      {entries.length > 0 && (
        <div className="staff-table-wrap">
          <table className="staff-table staff-audit__table">
            <caption className="staff-visually-hidden">{t('staff.audit.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('staff.audit.when')}</th>
                <th scope="col">{t('staff.audit.who')}</th>
                <th scope="col">{t('staff.audit.action')}</th>
                <th scope="col">{t('staff.audit.target')}</th>
                <th scope="col">{t('staff.audit.change')}</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id}>
                  <td>
                    <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
                  </td>
                  <td>{entry.staffEmail ?? entry.staffId ?? t('staff.audit.system')}</td>
                  <td>
                    <code>{entry.action}</code>
                  </td>
                  <td>
                    {t(`staff.audit.types.${entry.targetType}`, { defaultValue: entry.targetType })}{' '}
                    <code className="staff-mono">{entry.targetId}</code>
                  </td>
                  <td>
                    <Change entry={entry} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {audit.hasNextPage && (
        <button type="button" className="staff-button" disabled={audit.isFetchingNextPage} onClick={() => void audit.fetchNextPage()}>
          {t('staff.audit.older')}
        </button>
      )}
    </section>
  );
}
