import { useSyncExternalStore } from 'react';
import { extraValue, useInitialConfig } from '../api/get-initial-config';
import {
  countFailedAttempt,
  failedAttemptLimit,
  isCaptchaRequired,
  readAttempts,
  requireCaptcha,
  resetFailedAttempts,
  subscribeAttempts,
} from '../auth/failed-attempts';

/** The counter, the project's limit and whether the robot check is required now. */
export function useFailedAttempts(project?: string) {
  const { data: config } = useInitialConfig(project);
  const limit = failedAttemptLimit(extraValue(config, 'failedAttemptLimit'));
  const count = useSyncExternalStore(subscribeAttempts, readAttempts, () => 0);
  return {
    count,
    limit,
    captchaRequired: isCaptchaRequired(count, limit),
    countFailure: countFailedAttempt,
    reset: resetFailedAttempts,
    requireCaptcha: () => requireCaptcha(limit),
  };
}
