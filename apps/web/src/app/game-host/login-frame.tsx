import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { TAuthHostResult } from '@portal/contracts/messages';
import { PORTAL_LOGIN_FRAME_NAME } from '@/app/layout/header-embed';
import './game-host.css';

/**
 * The auth feature's sign-in screens (method list, e-mail, registration, recovery) in the
 * global modal. They are routes with links between them, so they run in a frame of this same
 * origin, opened on the session's login URL: a sign-in there stores the player in this
 * origin's storage, which the portal hears through the `storage` event, and the screens hand
 * their `authResult` to this page as to any host (a failure, or the header's close: 1011).
 * The frame's header close (with its "return to the game?" question) is the only close: the
 * frame is named PORTAL_LOGIN_FRAME_NAME, so the screens know to post it here. Escape and an
 * outside click still close the modal (the game then hears the signed-out player).
 */
export function LoginFrame({ src, onResult }: { src: string; onResult: (result: TAuthHostResult) => void }) {
  const { t } = useTranslation();
  const frame = useRef<HTMLIFrameElement>(null);
  const latest = useRef(onResult);
  useEffect(() => {
    latest.current = onResult;
  });

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || !frame.current || event.source !== frame.current.contentWindow) return;
      // The schema loads with the first answer of the screens, not with the game page.
      const data: unknown = event.data;
      void import('@portal/contracts/messages').then(({ ZAuthResultMessage }) => {
        const parsed = ZAuthResultMessage.safeParse(data);
        if (parsed.success) latest.current(parsed.data.result);
      });
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);

  return (
    <div className="game-host-modal game-host-modal--login">
      <iframe ref={frame} name={PORTAL_LOGIN_FRAME_NAME} className="game-host-modal__frame" title={t('login.title')} src={src} />
    </div>
  );
}
