import { useTranslation } from 'react-i18next';
import { paths } from '@/shared/paths';
import './game-host.css';

/**
 * The auth feature's sign-in screens (method list, e-mail, registration, recovery) in the
 * global modal. They are routes with links between them, so they run in a frame of this same
 * origin: a sign-in there stores the player in this origin's storage, which the portal hears
 * through the `storage` event (see `login` in game-frame-host.tsx).
 */
export function LoginFrame({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="game-host-modal game-host-modal--login">
      <button type="button" className="game-host-modal__close" aria-label={t('common.close')} onClick={onClose}>
        ×
      </button>
      <iframe className="game-host-modal__frame" title={t('login.title')} src={paths.login()} />
    </div>
  );
}
