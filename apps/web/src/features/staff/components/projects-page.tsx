import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ZWebhookRequest } from '@portal/contracts/staff';
import { ApiError } from '@/shared/api/client';
import { usePageMeta } from '@/shared/hooks/use-page-meta';
import { useApiKeys, useRevokeApiKey } from '../api/api-keys';
import { useCreateApiKey } from '../api/create-api-key';
import { useStaffMe } from '../api/get-me';
import { useProjectSettings } from '../api/get-project-settings';
import { useStaffProjects } from '../api/get-projects';
import { useRotateWebhookSecret, useSetWebhook } from '../api/set-webhook';
import { formatDateTime } from '@portal/contracts/format';
import { ConfirmAction } from './confirm-action';
import { LaunchChecklist } from './launch-checklist';
import type { TApiKeyMode } from '@portal/contracts/payments-constants';
import { ShownOnce } from './shown-once';
import { WebhookDeliveries, WebhookTest } from './webhook-deliveries';

/**
 * Admin only, the project's integrations: game-server API keys (a new one shown once, revoked
 * after a confirmation), the webhook URL and its signing secret (shown once, rotated on
 * request), a test event and the deliveries log with redelivery.
 */
export function ProjectsPage() {
  const { t } = useTranslation();
  usePageMeta({ title: `${t('staff.projects.title')} · ${t('staff.title')}` });
  const me = useStaffMe(true);
  const projects = useStaffProjects();
  const [chosen, setChosen] = useState('');
  const project = chosen || projects.data?.[0]?.name || '';
  const selectId = useId();

  if (me.isPending) return <p role="status">{t('common.loading')}</p>;
  if (me.data?.role !== 'admin')
    return (
      <section className="staff-card">
        <h1>{t('staff.projects.title')}</h1>
        <p role="alert" className="staff-error">
          {t('staff.errors.forbidden')}
        </p>
      </section>
    );

  return (
    <section className="staff-projects" aria-labelledby="staff-projects-title">
      <h1 id="staff-projects-title">{t('staff.projects.title')}</h1>
      <div className="staff-field staff-field--inline">
        <label htmlFor={selectId}>{t('staff.projects.project')}</label>
        <select id={selectId} value={project} onChange={(event) => setChosen(event.target.value)}>
          {(projects.data ?? []).map(({ name }) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </div>
      {project && <ProjectSettings key={project} project={project} />}
    </section>
  );
}

function ProjectSettings({ project }: { project: string }) {
  const { t, i18n } = useTranslation();
  const settings = useProjectSettings(project);
  const createKey = useCreateApiKey();
  const setWebhook = useSetWebhook();
  const rotation = useRotateWebhookSecret();
  // The secret is shown when it is made: with the first URL saved, or by a rotation.
  const [firstSave, setFirstSave] = useState(false);
  const [url, setUrl] = useState<string | null>(null);
  const [urlError, setUrlError] = useState(false);
  const urlId = useId();
  const [chosenMode, setKeyMode] = useState<TApiKeyMode | null>(null);
  // A new key's mode: the admin's choice, else the server's default (live in production).
  const keyMode: TApiKeyMode = chosenMode ?? settings.data?.defaultKeyMode ?? 'live';
  const savedUrl = settings.data?.webhookUrl ?? null;
  const shownUrl = url ?? savedUrl ?? '';

  const onWebhook = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZWebhookRequest.safeParse({ url: shownUrl.trim() });
    setUrlError(!parsed.success);
    if (!parsed.success) return;
    setFirstSave(!savedUrl);
    setWebhook.mutate({ project, url: parsed.data.url });
  };
  const rotate = () => rotation.mutate(project);
  const serverUrlError =
    setWebhook.error instanceof ApiError && setWebhook.error.status === 400
      ? setWebhook.error.code === 'WEBHOOK_URL_NOT_ALLOWED'
        ? t('staff.projects.urlNotAllowed')
        : t('staff.projects.invalidUrl')
      : null;
  const urlMessage = urlError ? t('staff.projects.invalidUrl') : serverUrlError;

  return (
    <div className="staff-projects__grid">
      <LaunchChecklist project={project} />
      <section className="staff-card" aria-labelledby="staff-keys-title">
        <h2 id="staff-keys-title">{t('staff.projects.apiKeys')}</h2>
        {settings.data && <p>{t('staff.projects.activeKeys', { count: settings.data.activeApiKeys })}</p>}
        <div className="staff-actions">
          <label htmlFor={`${urlId}-mode`}>{t('staff.projects.keyMode')}</label>
          <select id={`${urlId}-mode`} value={keyMode} onChange={(event) => setKeyMode(event.target.value as TApiKeyMode)}>
            <option value="test">{t('staff.projects.keyModes.test')}</option>
            <option value="live">{t('staff.projects.keyModes.live')}</option>
          </select>
          <button
            type="button"
            className="staff-button staff-button--primary"
            disabled={createKey.isPending}
            onClick={() => createKey.mutate({ project, mode: keyMode })}
          >
            {t('staff.projects.createKey')}
          </button>
        </div>
        {createKey.isError && (
          <p role="alert" className="staff-error">
            {t('staff.projects.error')}
          </p>
        )}
        {createKey.data && <ShownOnce label={t('staff.projects.newKey')} note={t('staff.projects.keyOnce')} value={createKey.data} />}
        <ApiKeyList project={project} />
      </section>
      <section className="staff-card" aria-labelledby="staff-webhook-title">
        <h2 id="staff-webhook-title">{t('staff.projects.webhook')}</h2>
        {settings.data && !settings.data.webhookUrl && <p className="staff-muted">{t('staff.projects.noWebhook')}</p>}
        <form onSubmit={onWebhook} noValidate className="staff-webhook-form">
          <label htmlFor={urlId}>{t('staff.projects.webhookUrl')}</label>
          <input
            id={urlId}
            type="url"
            inputMode="url"
            placeholder="https://"
            value={shownUrl}
            aria-invalid={urlMessage ? 'true' : 'false'}
            aria-describedby={urlMessage ? 'staff-webhook-error' : undefined}
            onChange={(event) => setUrl(event.target.value)}
          />
          {urlMessage && (
            <p id="staff-webhook-error" role="alert" className="staff-error">
              {urlMessage}
            </p>
          )}
          <div className="staff-actions">
            <button type="submit" className="staff-button staff-button--primary" disabled={setWebhook.isPending}>
              {t('staff.projects.saveWebhook')}
            </button>
            {savedUrl && (
              <ConfirmAction
                label={t('staff.projects.rotateSecret')}
                question={t('staff.projects.rotateQuestion')}
                confirm={t('staff.projects.rotateConfirm')}
                busy={rotation.isPending}
                onConfirm={rotate}
              />
            )}
          </div>
        </form>
        {((setWebhook.isError && !serverUrlError) || rotation.isError) && (
          <p role="alert" className="staff-error">
            {t('staff.projects.error')}
          </p>
        )}
        {firstSave && setWebhook.data && (
          <ShownOnce label={t('staff.projects.secret')} note={t('staff.projects.secretOnce')} value={setWebhook.data.secret} />
        )}
        {rotation.data && (
          <>
            <ShownOnce label={t('staff.projects.secret')} note={t('staff.projects.secretOnce')} value={rotation.data.secret} />
            <p className="staff-muted">
              {t('staff.projects.rotatedUntil', { date: new Date(rotation.data.previousSecretExpiresAt).toLocaleString(i18n.language) })}
            </p>
          </>
        )}
        {savedUrl && <WebhookTest project={project} />}
      </section>
      <WebhookDeliveries project={project} />
    </div>
  );
}

/** The project's keys by prefix, with their last use; a live key can be revoked. */
function ApiKeyList({ project }: { project: string }) {
  const { t } = useTranslation();
  const keys = useApiKeys(project);
  const revoke = useRevokeApiKey();
  if (!keys.data || keys.data.length === 0) return null;
  return (
    <>
      <div className="staff-table-wrap">
        <table className="staff-table">
          <caption>{t('staff.projects.keys.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('staff.projects.keys.key')}</th>
              <th scope="col">{t('staff.projects.keys.created')}</th>
              <th scope="col">{t('staff.projects.keys.lastUsed')}</th>
              <th scope="col">{t('staff.projects.keys.status')}</th>
            </tr>
          </thead>
          <tbody>
            {keys.data.map((key) => (
              <tr key={key.id}>
                <td>
                  <code>{`ppk_${key.mode}_${key.prefix}_…`}</code>
                  {key.mode === 'test' && <span className="staff-test-badge">{t('staff.money.testBadge')}</span>}
                </td>
                <td>
                  <time dateTime={key.createdAt}>{formatDateTime(key.createdAt)}</time>
                </td>
                <td>
                  {key.lastUsedAt ? (
                    <time dateTime={key.lastUsedAt}>{formatDateTime(key.lastUsedAt)}</time>
                  ) : (
                    t('staff.projects.keys.never')
                  )}
                </td>
                <td>
                  {key.revokedAt ? (
                    t('staff.projects.keys.revokedAt', { date: formatDateTime(key.revokedAt) })
                  ) : (
                    <ConfirmAction
                      label={t('staff.projects.keys.revoke')}
                      name={t('staff.projects.keys.revokeKey', { key: `ppk_${key.mode}_${key.prefix}` })}
                      question={t('staff.projects.keys.revokeQuestion', { key: `ppk_${key.mode}_${key.prefix}` })}
                      confirm={t('staff.projects.keys.revokeConfirm')}
                      busy={revoke.isPending}
                      onConfirm={() => revoke.mutate({ project, keyId: key.id })}
                    />
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {revoke.isError && (
        <p role="alert" className="staff-error">
          {t('staff.projects.error')}
        </p>
      )}
    </>
  );
}
