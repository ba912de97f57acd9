import diagnostics from 'node:diagnostics_channel';

/**
 * What modules announce for the metrics without knowing about them (Node's diagnostics
 * channels: publishing with no subscriber costs nothing). The app's metrics subscribe.
 */
export interface SignInFailure {
  who: 'player' | 'staff';
}

export const signInFailures = diagnostics.channel('portal:sign-in-failed');

export function signInFailed(who: SignInFailure['who']): void {
  if (signInFailures.hasSubscribers) signInFailures.publish({ who } satisfies SignInFailure);
}
