// Live payment status: time from a provider's success event to the player's open payment popup
// showing "Payment successful", in a real browser.
// 1. Starts the product as `npm start` does (embedded PGlite; BENCH_DATABASE_URL=postgres://...
//    runs it over PostgreSQL, where status changes go through LISTEN/NOTIFY), with a staff admin
//    for the game-server API key. WEB_DIST_DIR picks the web build to serve.
// 2. A player registered through the dev mailbox; per run the game server creates a payment, the
//    player opens it in Chromium (/usr/bin/chromium), chooses Yandex Pay (the sandbox page opens in
//    a window) and waits in the popup ("being processed").
// 3. The page itself calls the sandbox's complete (the provider's success event) and a
//    MutationObserver notes when the popup shows paid: time from the call's start and from its
//    answer, over BENCH_RUNS (20) runs: median and p95. Goal: under 500 ms (the popup also polls
//    every 2000 ms; the live stream is what makes it fast).
// Usage: npm run payment-popup -w bench
import {
  createApiKey,
  describeTimings,
  json,
  launchChromium,
  onPostgres,
  playerContext,
  post,
  registerPlayer,
  startBenchProduct,
} from './lib.ts';

const port = Number(process.env.BENCH_PORT ?? 8295);
const runs = Number(process.env.BENCH_RUNS ?? 20);

/**
 * Runs in the page (a plain string: the TypeScript loader's helpers do not exist there): calls
 * the sandbox complete, and notes when the popup's heading turns to "Payment successful".
 */
const IN_PAGE = `async ({ id, jwt }) => {
  let observer;
  const shown = new Promise((resolve) => {
    const check = () => {
      const heading = [...document.querySelectorAll('[role="dialog"] h2')].find((h) => h.textContent === 'Payment successful');
      if (heading) {
        observer.disconnect();
        resolve(performance.now());
      }
    };
    observer = new MutationObserver(check);
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    check();
  });
  const start = performance.now();
  const response = await fetch('/api/payments/sandbox/' + id + '/complete', {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer ' + jwt },
    body: JSON.stringify({ outcome: 'paid' }),
  });
  const answered = performance.now();
  if (!response.ok) throw new Error('complete: ' + response.status);
  const at = await shown;
  return { fromCall: at - start, fromAnswer: Math.max(0, at - answered) };
}`;

const server = await startBenchProduct(port);
const browser = await launchChromium();
try {
  const { url } = server;
  const player = await registerPlayer(url);
  const key = await createApiKey(url);
  const priceId = (await json<{ data: Array<{ id: string }> }>(await fetch(`${url}/api/control/get-prices?project=familytown`))).data[0]
    ?.id;

  const context = await playerContext(browser, player);
  const page = await context.newPage();

  const fromCall: number[] = [];
  const fromAnswer: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const { paymentId } = await json<{ paymentId: string }>(
      await post(`${url}/api/v1/payments`, { userId: player.userId, priceId }, { authorization: `Bearer ${key}` }),
    );
    await page.goto(`${url}/payments/process/${paymentId}`);
    await page.getByRole('radio', { name: /Yandex Pay/ }).check();
    await page.getByLabel('E-mail for the receipt').fill(player.email);
    await page.getByRole('button', { name: 'Continue' }).click();
    const opened = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Pay with Yandex Pay' }).click();
    const providerWindow = await opened;
    const popup = page.getByRole('dialog', { name: 'Payment status' });
    await popup.getByText('Your payment is being processed').waitFor();
    // Let the live stream open as it would while a player waits.
    await page.waitForTimeout(300);

    const timing = (await page.evaluate(`(${IN_PAGE})(${JSON.stringify({ id: paymentId, jwt: player.jwt })})`)) as {
      fromCall: number;
      fromAnswer: number;
    };
    fromCall.push(timing.fromCall);
    fromAnswer.push(timing.fromAnswer);
    if (process.env.BENCH_VERBOSE) console.log(`run ${run + 1}: ${timing.fromCall.toFixed(1)} ms`);
    await providerWindow.close();
  }

  console.log(`payment popup over ${runs} runs (${onPostgres() ? 'PostgreSQL, LISTEN/NOTIFY' : 'PGlite'}), goal under 500 ms:`);
  console.log(`  sandbox complete call started -> popup shows paid: ${describeTimings(fromCall)}`);
  console.log(`  sandbox complete answered     -> popup shows paid: ${describeTimings(fromAnswer)}`);
} finally {
  await browser.close();
  await server.stop();
}
