import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  createSortedRowModel,
  rowSortingFeature,
  sortFn_alphanumeric,
  sortFn_basic,
  tableFeatures,
  useTable,
  type ColumnDef,
  type SortingState,
} from '@tanstack/react-table';
import { ZConsoleProjectCreate, type TConsoleProject } from '@portal/contracts/catalog-console';
import { AUTH_TYPES, type AuthType } from '@portal/contracts/control-constants';
import { usePageMeta } from '@/shared/hooks/use-page-meta';
import { staffPaths } from '../staff-paths';
import { useCatalogProjects, useCreateProject } from './api';
import { DirtyProvider, fieldErrorsOf, useLeaveGuard, useReportDirty, zodFieldErrors, type FieldErrors } from './editing';

const features = tableFeatures({
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  sortFns: { alphanumeric: sortFn_alphanumeric, basic: sortFn_basic },
});

/** /staff/catalog: every project (sortable, filtered by name or host) and the form for a new one. */
export function CatalogPage() {
  const { t } = useTranslation();
  usePageMeta({ title: `${t('staff.catalog.title')} · ${t('staff.title')}` });
  const guard = useLeaveGuard(t('staff.catalog.leaveWarning'));
  return (
    <DirtyProvider value={guard.registry}>
      <section className="staff-catalog" aria-labelledby="staff-catalog-title">
        <h1 id="staff-catalog-title">{t('staff.catalog.title')}</h1>
        <ProjectsTable />
        <NewProjectForm />
      </section>
    </DirtyProvider>
  );
}

function ProjectsTable() {
  const { t } = useTranslation();
  const projects = useCatalogProjects();
  const [filter, setFilter] = useState('');
  const [sorting, setSorting] = useState<SortingState>([]);
  const filterId = useId();

  const data = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    const all = projects.data ?? [];
    return needle ? all.filter((p) => p.name.toLowerCase().includes(needle) || p.hostNames.some((h) => h.includes(needle))) : all;
  }, [projects.data, filter]);

  const columns = useMemo<Array<ColumnDef<typeof features, TConsoleProject>>>(
    () => [
      {
        accessorKey: 'name',
        header: () => t('staff.catalog.projects.name'),
        sortFn: 'alphanumeric',
        cell: (info) => <Link to={staffPaths.catalogProject(info.row.original.name)}>{info.row.original.name}</Link>,
      },
      {
        id: 'hostNames',
        accessorFn: (row) => row.hostNames.join(', '),
        header: () => t('staff.catalog.projects.hostNames'),
        sortFn: 'alphanumeric',
        cell: (info) => info.getValue() || <span className="staff-muted">—</span>,
      },
      {
        id: 'catalogue',
        accessorFn: (row) => (row.outOfCatalog ? 1 : 0),
        header: () => t('staff.catalog.projects.inCatalogue'),
        sortFn: 'basic',
        cell: (info) => (info.row.original.outOfCatalog ? t('staff.catalog.projects.outOfCatalog') : t('staff.catalog.projects.listed')),
      },
      { accessorKey: 'sortOrder', header: () => t('staff.catalog.projects.order'), sortFn: 'basic' },
    ],
    [t],
  );

  const table = useTable({ features, columns, data, state: { sorting }, onSortingChange: setSorting });

  if (projects.isPending) return <p role="status">{t('common.loading')}</p>;
  if (projects.isError)
    return (
      <p role="alert" className="staff-error">
        {t('staff.catalog.loadFailed')}
      </p>
    );

  return (
    <div className="staff-card">
      <div className="staff-field staff-field--inline">
        <label htmlFor={filterId}>{t('staff.catalog.projects.filter')}</label>
        <input id={filterId} type="search" value={filter} onChange={(event) => setFilter(event.target.value)} />
      </div>
      <div className="staff-table-wrap">
        <table className="staff-table">
          <caption>{t('staff.catalog.projects.caption', { count: data.length })}</caption>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const sorted = header.column.getIsSorted();
                  return (
                    <th key={header.id} scope="col" aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none'}>
                      <button type="button" className="staff-link-button" onClick={header.column.getToggleSortingHandler()}>
                        <table.FlexRender header={header} />
                        <span aria-hidden="true">{sorted === 'asc' ? ' ▲' : sorted === 'desc' ? ' ▼' : ''}</span>
                      </button>
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
    </div>
  );
}

type NewProject = { name: string; hostNames: string; authType: AuthType; outOfCatalog: boolean };
const EMPTY: NewProject = { name: '', hostNames: '', authType: 'postMessage', outOfCatalog: false };

export const linesOf = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((line) => line.trim())
    .filter(Boolean);

function NewProjectForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateProject();
  const [form, setForm] = useState<NewProject>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [created, setCreated] = useState<string | null>(null);
  const id = useId();
  const dirty = JSON.stringify(form) !== JSON.stringify(EMPTY);
  useReportDirty('new-project', dirty);

  // Opens the new project once the emptied form no longer holds the page.
  useEffect(() => {
    if (created && !dirty) void navigate(staffPaths.catalogProject(created));
  }, [created, dirty, navigate]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZConsoleProjectCreate.safeParse({
      name: form.name,
      hostNames: linesOf(form.hostNames),
      authType: form.authType,
      outOfCatalog: form.outOfCatalog,
    });
    if (!parsed.success) {
      const found = zodFieldErrors(parsed.error);
      setErrors({
        ...(found.name && { name: form.name.trim() ? t('staff.catalog.newProject.nameHint') : t('staff.catalog.errors.required') }),
        ...(Object.keys(found).some((key) => key.startsWith('hostNames')) && { hostNames: t('staff.catalog.settings.hostNamesHint') }),
      });
      return;
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: (project) => {
        setForm(EMPTY);
        setCreated(project.name);
      },
      onError: (error) => setErrors(fieldErrorsOf(error) ?? {}),
    });
  };

  const field = (key: 'name' | 'hostNames') => ({
    id: `${id}-${key}`,
    'aria-invalid':
      errors[key] || (key === 'hostNames' && Object.keys(errors).some((k) => k.startsWith('hostNames')))
        ? ('true' as const)
        : ('false' as const),
    'aria-describedby': `${id}-${key}-hint ${id}-${key}-error`,
  });
  const errorOf = (key: string) => errors[key] ?? Object.entries(errors).find(([k]) => k.startsWith(`${key}.`))?.[1];
  const failedWhole = create.isError && !fieldErrorsOf(create.error);

  return (
    <section className="staff-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('staff.catalog.newProject.title')}</h2>
      <form onSubmit={onSubmit} noValidate className="staff-catalog-form">
        <div className="staff-field">
          <label htmlFor={`${id}-name`}>{t('staff.catalog.newProject.name')}</label>
          <input {...field('name')} value={form.name} onChange={(event) => setForm({ ...form, name: event.target.value })} />
          <span id={`${id}-name-hint`} className="staff-muted">
            {t('staff.catalog.newProject.nameHint')}
          </span>
          <FieldError id={`${id}-name-error`} message={errorOf('name')} />
        </div>
        <div className="staff-field">
          <label htmlFor={`${id}-hostNames`}>{t('staff.catalog.settings.hostNames')}</label>
          <textarea
            {...field('hostNames')}
            rows={2}
            value={form.hostNames}
            onChange={(event) => setForm({ ...form, hostNames: event.target.value })}
          />
          <span id={`${id}-hostNames-hint`} className="staff-muted">
            {t('staff.catalog.settings.hostNamesHint')}
          </span>
          <FieldError id={`${id}-hostNames-error`} message={errorOf('hostNames')} />
        </div>
        <div className="staff-field">
          <label htmlFor={`${id}-authType`}>{t('staff.catalog.settings.authType')}</label>
          <select
            id={`${id}-authType`}
            value={form.authType}
            onChange={(event) => setForm({ ...form, authType: event.target.value as AuthType })}
          >
            {AUTH_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`staff.catalog.settings.authTypes.${type}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="staff-check">
          <input
            id={`${id}-out`}
            type="checkbox"
            checked={form.outOfCatalog}
            onChange={(event) => setForm({ ...form, outOfCatalog: event.target.checked })}
          />
          <label htmlFor={`${id}-out`}>{t('staff.catalog.settings.outOfCatalog')}</label>
        </div>
        {failedWhole && (
          <p role="alert" className="staff-error">
            {t('staff.catalog.saveFailed')}
          </p>
        )}
        <button type="submit" className="staff-button staff-button--primary" disabled={create.isPending}>
          {create.isPending ? t('staff.catalog.saving') : t('staff.catalog.newProject.create')}
        </button>
      </form>
    </section>
  );
}

/** A field's message, read with the field (aria-describedby) and announced when it appears. */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return (
    <span id={id} role={message ? 'alert' : undefined} className={message ? 'staff-error' : undefined}>
      {message ?? ''}
    </span>
  );
}

/** A place in the catalogue's order (0 first), with its message when it is not a whole number. */
export function SortOrderField({
  id,
  value,
  invalid,
  onChange,
}: {
  id: string;
  value: string;
  invalid: boolean;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="staff-field">
      <label htmlFor={id}>{t('staff.catalog.game.sortOrder')}</label>
      <input
        id={id}
        type="number"
        min={0}
        step={1}
        value={value}
        aria-invalid={invalid ? 'true' : 'false'}
        aria-describedby={`${id}-error`}
        onChange={(event) => onChange(event.target.value)}
      />
      <FieldError id={`${id}-error`} message={invalid ? t('staff.catalog.errors.sortOrder') : undefined} />
    </div>
  );
}
