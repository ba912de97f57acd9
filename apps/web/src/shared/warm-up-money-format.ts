import { MONEY_LOCALES } from '@portal/contracts/format';

/**
 * The worker's whole program: one number format in each money locale, then "ready". What the
 * browser builds for the first number format (its list of locales and their data) is kept for
 * every thread of the page.
 */
export const WARM_UP_PROGRAM = `for (const locale of ${JSON.stringify(Object.values(MONEY_LOCALES))}) new Intl.NumberFormat(locale).format(1499.5);
postMessage('ready');`;

let started = false;

/**
 * Starts building the browser's number-formatting data on a worker thread. A browser builds it
 * the first time a page formats a number, and on a phone that takes a few hundred
 * milliseconds in which the page does not respond. Screens that show prices ask for it as
 * their route starts, so it is built while their code and data arrive. Once per page. The
 * program comes from a blob, not a file: a file would wait behind the page's other requests.
 * Where workers or blobs are missing or refused, the first price builds the data itself, as
 * without this call.
 */
export function warmUpMoneyFormat(): void {
  if (started || typeof Worker === 'undefined' || typeof URL.createObjectURL !== 'function') return;
  started = true;
  const url = URL.createObjectURL(new Blob([WARM_UP_PROGRAM], { type: 'text/javascript' }));
  try {
    const worker = new Worker(url, { name: 'money-format' });
    const done = () => {
      worker.terminate();
      URL.revokeObjectURL(url);
    };
    worker.addEventListener('message', done);
    worker.addEventListener('error', done);
  } catch {
    // Refused (a policy, a sandbox): the first price builds the data on the page's thread.
    URL.revokeObjectURL(url);
  }
}

/** A route loader that starts the warm-up and loads nothing. */
export function moneyRouteLoader(): null {
  warmUpMoneyFormat();
  return null;
}
