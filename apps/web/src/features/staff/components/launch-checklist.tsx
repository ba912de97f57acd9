import { useTranslation } from 'react-i18next';
import type { TLaunchChecklist } from '@portal/contracts/staff';
import { useLaunchChecklist } from '../api/launch-checklist';

type Check = TLaunchChecklist['checks'][number];
const PROVIDER_NAMES: Record<string, string> = { stripe: 'Stripe', yookassa: 'YooKassa', 'yandex-pay': 'Yandex Pay' };

/** One missing thing, in words: `game.ru.name`, `price.<id>.en`, `price.<id>`, `stripe` ... */
function useMissingText() {
  const { t } = useTranslation();
  return (check: Check['id'], item: string): string => {
    if (check === 'paymentMethods')
      return item === 'none' ? t('staff.checklist.noMethod') : t('staff.checklist.noKeys', { provider: PROVIDER_NAMES[item] ?? item });
    if (check === 'webhook') return item === 'url' ? t('staff.checklist.noUrl') : t('staff.checklist.testEvent');
    if (check === 'prices') return t('staff.checklist.noPrice');
    const game = /^game\.(\w+)\.(\w+)$/.exec(item);
    if (game) return t('staff.checklist.gameText', { field: t(`staff.checklist.fields.${game[2]}`), language: game[1]!.toUpperCase() });
    const title = /^price\.(.+)\.(en|ru)$/.exec(item);
    if (title) return t('staff.checklist.priceTitle', { id: title[1], language: title[2]!.toUpperCase() });
    const logo = /^price\.(.+)$/.exec(item);
    if (logo) return t('staff.checklist.priceLogo', { id: logo[1] });
    return t(`staff.checklist.${item === 'cardLogoImage' ? 'cardLogo' : 'gameImage'}`);
  };
}

/** The project's launch checklist: ready, or what is still missing, check by check. */
export function LaunchChecklist({ project }: { project: string }) {
  const { t } = useTranslation();
  const checklist = useLaunchChecklist(project);
  const missingText = useMissingText();
  return (
    <section className="staff-card staff-checklist" aria-labelledby="staff-checklist-title">
      <h2 id="staff-checklist-title">{t('staff.checklist.title')}</h2>
      {checklist.isPending && <p role="status">{t('common.loading')}</p>}
      {checklist.isError && (
        <p role="alert" className="staff-error">
          {t('staff.projects.error')}
        </p>
      )}
      {checklist.data && (
        <>
          <p className={checklist.data.ready ? 'staff-checklist__ready' : 'staff-checklist__not-ready'}>
            <strong>{checklist.data.ready ? t('staff.checklist.ready') : t('staff.checklist.notReady')}</strong>
          </p>
          <ul className="staff-checklist__list">
            {checklist.data.checks.map((check) => (
              <li key={check.id} className={check.ok ? 'staff-checklist__ok' : 'staff-checklist__missing'}>
                <span aria-hidden="true">{check.ok ? '✓' : '✗'}</span> {t(`staff.checklist.checks.${check.id}`)}:{' '}
                {check.ok ? t('staff.checklist.done') : t('staff.checklist.missing')}
                {!check.ok && (
                  <ul>
                    {check.missing.map((item) => (
                      <li key={item}>{missingText(check.id, item)}</li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
