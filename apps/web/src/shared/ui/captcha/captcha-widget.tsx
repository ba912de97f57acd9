import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type {} from 'altcha/types/react';
import { api } from '@/shared/paths';
import { useCurrentLanguage } from '@/shared/hooks/use-current-language';
import './captcha-widget.css';

type StateChange = CustomEvent<{ state: string; payload?: string | null }>;

/**
 * The widget (a web component) loads only when a screen needs the robot check. The `external`
 * build takes its proof-of-work worker as a file of our own origin: the default build makes
 * workers from blob: URLs, which the page's Content-Security-Policy (script-src 'self') refuses.
 */
let loading: Promise<unknown> | null = null;
const loadAltcha = () =>
  (loading ??= Promise.all([import('altcha/external'), import('altcha/workers/sha?worker'), import('altcha/altcha.css')]).then(
    ([, { default: ShaWorker }]) => {
      for (const algorithm of ['SHA-256', 'SHA-384', 'SHA-512']) globalThis.$altcha.algorithms.set(algorithm, () => new ShaWorker());
    },
  ));

/** Our own wording for the widget, in the interface language. */
function useWidgetStrings(lng: string) {
  const { t } = useTranslation();
  const label = t('login.captcha');
  const verified = t('login.captchaVerified');
  const verifying = t('login.captchaVerifying');
  const error = t('login.captchaError');
  const expired = t('login.captchaExpired');
  return { lng, label, verified, verifying, error, expired };
}

/**
 * "Prove that you are not a robot": the ALTCHA proof of work. The challenge comes from
 * /api/auth/captcha-challenge; the solution (base64 JSON) is handed to `onChange` and goes to
 * the server as `altcha`. A new `key` from the form gives a fresh widget after each try.
 *
 * The widget's code (about 25 KB) loads when the player starts on the form it belongs to (a
 * focus or a press inside it) or ticks the box drawn in its place; a tick starts the check at
 * once, as a tick on the widget itself does. The box keeps the widget's place, so nothing moves.
 */
export function CaptchaWidget({ onChange }: { onChange: (payload: string | null) => void }) {
  const lng = useCurrentLanguage();
  const strings = useWidgetStrings(lng);
  const [wanted, setWanted] = useState<'no' | 'preload' | 'ticked'>('no');
  const [ready, setReady] = useState(false);
  const ref = useRef<HTMLElement | null>(null);
  const placeholder = useRef<HTMLLabelElement | null>(null);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  // The first focus or press in the form loads the widget before the player reaches it.
  useEffect(() => {
    if (wanted !== 'no') return;
    const form = placeholder.current?.closest('form');
    if (!form) return;
    const start = () => setWanted((now) => (now === 'no' ? 'preload' : now));
    form.addEventListener('focusin', start);
    form.addEventListener('pointerdown', start);
    return () => {
      form.removeEventListener('focusin', start);
      form.removeEventListener('pointerdown', start);
    };
  }, [wanted]);

  useEffect(() => {
    if (wanted === 'no') return;
    let alive = true;
    void loadAltcha().then(() => alive && setReady(true));
    return () => {
      alive = false;
    };
  }, [wanted]);

  useEffect(() => {
    if (!ready) return;
    const base = globalThis.$altcha?.i18n;
    if (!base) return;
    const { lng: language, ...texts } = strings;
    const en = (base.get('en') ?? {}) as Record<string, string>;
    base.set(language, { ...en, ...texts, waitAlert: texts.verifying, loading: texts.verifying, verify: texts.label });
  }, [ready, strings]);

  useEffect(() => {
    const element = ref.current;
    if (!ready || !element) return;
    const listener = (event: Event) => {
      const { state, payload } = (event as StateChange).detail;
      onChangeRef.current(state === 'verified' && payload ? payload : null);
    };
    element.addEventListener('statechange', listener);
    return () => element.removeEventListener('statechange', listener);
  }, [ready]);

  useEffect(() => () => onChangeRef.current(null), []);

  if (!ready) {
    const ticked = wanted === 'ticked';
    return (
      <div className="captcha-widget">
        <label ref={placeholder} className="captcha-widget__placeholder">
          <input type="checkbox" checked={ticked} disabled={ticked} aria-busy={ticked || undefined} onChange={() => setWanted('ticked')} />
          <span>{ticked ? strings.verifying : strings.label}</span>
        </label>
      </div>
    );
  }
  return (
    <div className="captcha-widget">
      <altcha-widget
        ref={ref}
        challenge={api.captchaChallenge()}
        name="altcha"
        language={lng}
        {...(wanted === 'ticked' ? { auto: 'onload' } : {})}
      />
    </div>
  );
}
