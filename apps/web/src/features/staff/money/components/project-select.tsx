import { useTranslation } from 'react-i18next';
import { useStaffProjects } from '../../api/get-projects';

/**
 * The money pages' project filter: every project, or one. A project named in the address that
 * the list lacks (archived, or not loaded yet) stays selectable, so the filter shows what is asked.
 */
export function ProjectSelect({ id, value, onChange }: { id: string; value: string; onChange: (project: string) => void }) {
  const { t } = useTranslation();
  const projects = useStaffProjects();
  return (
    <div className="staff-field">
      <label htmlFor={id}>{t('staff.money.project')}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">{t('staff.money.allProjects')}</option>
        {(projects.data ?? []).map(({ name }) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
        {value && !projects.data?.some(({ name }) => name === value) && <option value={value}>{value}</option>}
      </select>
    </div>
  );
}
