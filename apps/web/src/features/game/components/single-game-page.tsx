import { useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { usableGameAddress } from '@portal/contracts/addresses';
import { withLang } from '@/shared/paths';
import { assetUrl } from '@/shared/asset-url';
import { STORAGE_KEYS } from '@/shared/storage-keys';
import { storage } from '@/shared/storage';
import { useCurrentLanguage } from '@/shared/hooks/use-current-language';
import { usePageMeta } from '@/shared/hooks/use-page-meta';
import { useLayoutOptions } from '@/shared/layout/layout-options';
import { pickLocalized } from '@/shared/i18n/localized';
import { FullScreenLoader } from '@/shared/ui/full-screen-loader';
import { useSingleGameData } from '../api/get-single-game-data';
import type { GameFrameHost } from '../frame-host';
import { AgeGate } from './age-gate';
import './single-game-page.css';

const isVerified = () => storage.get(STORAGE_KEYS.ageVerified) === 'true';
const unchanging = () => () => {};

/**
 * The out-of-catalogue project at `/games/:lng/`: one age-restricted game on a responsive
 * background, framed only once the visitor confirmed being over 18.
 */
export function SingleGamePage({ projectName, frameHost: FrameHost }: { projectName: string; frameHost?: GameFrameHost | undefined }) {
  const { t } = useTranslation();
  const lng = useCurrentLanguage();
  const frameRef = useRef<HTMLIFrameElement>(null);
  // The language of the first frame load; later changes reach the game as messages.
  const [frameLng] = useState(lng);
  const data = useSingleGameData(projectName);
  // The answer kept on this device; the server's render asks (it knows no device), and a page
  // it rendered shows the game once React has taken it over.
  const stored = useSyncExternalStore(unchanging, isVerified, () => false);
  const [confirmed, setConfirmed] = useState(false);
  const verified = stored || confirmed;

  useLayoutOptions({ footerVariant: 'single-game', project: projectName });
  usePageMeta(pickLocalized(data.data?.seoData, lng));

  if (data.isPending) return <FullScreenLoader />;
  const settings = data.data?.settings;
  if (!settings) {
    return (
      <section className="single-game single-game--empty">
        <h1>{t('errors.GET_SINGLE_GAME_DATA_ERROR')}</h1>
      </section>
    );
  }

  const confirm = () => {
    storage.set(STORAGE_KEYS.ageVerified, 'true');
    setConfirmed(true);
  };

  const vars: Record<string, string> = {};
  const large = assetUrl(settings.backgroundImageFile);
  const small = assetUrl(settings.backgroundFile) ?? large;
  if (large) vars['--single-game-bg'] = `url("${large}")`;
  if (small) vars['--single-game-bg-small'] = `url("${small}")`;
  const seoTitle = pickLocalized(data.data?.seoData, lng)?.title;
  // Only an http(s) address or a site path is ever a frame's src (never `javascript:`).
  const address = usableGameAddress(settings.iframeSrc);

  return (
    <section className="single-game" style={vars} aria-label={seoTitle || projectName}>
      <h1 className="visually-hidden">{seoTitle || projectName}</h1>
      {verified ? (
        <>
          {address && (
            <iframe
              ref={frameRef}
              id="game-frame"
              className="single-game__frame"
              title={seoTitle || projectName}
              src={withLang(address, frameLng)}
              allow="fullscreen; autoplay; clipboard-write"
              // The pages send no referrer; the game's SDK needs the portal's origin (Firefox has no
              // location.ancestorOrigins), and the origin alone tells the game no more than that.
              referrerPolicy="origin"
            />
          )}
          {FrameHost ? <FrameHost frameRef={frameRef} project={projectName} /> : null}
        </>
      ) : (
        <AgeGate
          onConfirm={confirm}
          art={{
            popup: assetUrl(settings.popupFile),
            popupSmall: assetUrl(settings.popupSmallFile),
            button: assetUrl(settings.verificationBtnFile),
            buttonSmall: assetUrl(settings.verificationSmallBtnFile),
          }}
        />
      )}
    </section>
  );
}
