import { AUTH_WARNING_MESSAGE_KEYS, type AuthWarning } from '@portal/contracts/auth-constants';

/** How a screen reacts to a server warning (`warningMessage`). */
export interface WarningReaction {
  /** i18n key of the text */
  messageKey: string;
  /** a toast, or a message inline in the form */
  display: 'toast' | 'inline';
  /** fields emptied after the warning */
  clear: readonly ('email' | 'password' | 'code')[];
}

const DISPLAY: Record<AuthWarning, Pick<WarningReaction, 'display' | 'clear'>> = {
  USER_NOT_EXIST_LOGIN_BY_EMAIL: { display: 'toast', clear: ['email', 'password'] },
  INVALID_PASSWORD_LOGIN_BY_EMAIL: { display: 'toast', clear: ['password'] },
  USER_EXIST_REGISTER_BY_EMAIL: { display: 'inline', clear: ['password'] },
  SEND_VERIFICATION_CODE_INCORRECT: { display: 'inline', clear: [] },
  SEND_RECOVERY_PASSWORD_CODE_INCORRECT: { display: 'inline', clear: [] },
  USER_NOT_EXIST_RECOVERY_PASSWORD: { display: 'toast', clear: [] },
  PASSWORD_EXIST_ACTIVATE_NEW_PASSWORD: { display: 'toast', clear: [] },
};

export function warningReaction(warning: AuthWarning): WarningReaction {
  return { messageKey: AUTH_WARNING_MESSAGE_KEYS[warning], ...DISPLAY[warning] };
}
