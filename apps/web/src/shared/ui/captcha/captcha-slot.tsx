import { CaptchaWidget } from './captcha-widget';

/** The robot-check state a form gets from useAuthScreen. */
export interface CaptchaState {
  required: boolean;
  key: number;
  blocks: boolean;
  onChange: (payload: string | null) => void;
}

/** Shows the robot check while it is required; nothing otherwise. */
export function CaptchaSlot({ captcha }: { captcha: CaptchaState }) {
  if (!captcha.required) return null;
  return <CaptchaWidget key={captcha.key} onChange={captcha.onChange} />;
}
