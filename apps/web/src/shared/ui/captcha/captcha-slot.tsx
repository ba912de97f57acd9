import { lazy, Suspense } from 'react';

/** The robot-check state a form gets from useAuthScreen. */
export interface CaptchaState {
  required: boolean;
  key: number;
  blocks: boolean;
  onChange: (payload: string | null) => void;
}

const CaptchaWidget = lazy(async () => ({ default: (await import('./captcha-widget')).CaptchaWidget }));

/** Shows the robot check while it is required; nothing otherwise. */
export function CaptchaSlot({ captcha }: { captcha: CaptchaState }) {
  if (!captcha.required) return null;
  return (
    <Suspense fallback={null}>
      <CaptchaWidget key={captcha.key} onChange={captcha.onChange} />
    </Suspense>
  );
}
