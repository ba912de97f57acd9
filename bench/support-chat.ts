// Live support chat: time from a staff reply to the player's open chat showing it, in a real
// browser (support-reply.ts measures the event stream alone; this adds the page: the shared
// event stream, the chat's update and React's render).
// 1. Starts the product as `npm start` does (embedded PGlite; BENCH_DATABASE_URL=postgres://...
//    runs it over PostgreSQL, where events go through LISTEN/NOTIFY), with the bench staff admin.
//    WEB_DIST_DIR picks the web build to serve.
// 2. A player registered through the dev mailbox creates a ticket and opens its chat
//    (/support/ticket/:id) in Chromium (/usr/bin/chromium); the bench waits for the page's
//    support event stream to answer.
// 3. Per run the page itself posts the staff reply (POST /api/staff/tickets/:id/messages with
//    the admin's token, a unique text) and a MutationObserver on the conversation notes when the
//    reply's text appears: time from the call's start and from its answer, over BENCH_RUNS (20)
//    runs after one untimed warm-up reply: median and p95.
// Usage: npm run support-chat -w bench
import { describeTimings, json, launchChromium, onPostgres, playerContext, registerPlayer, staffToken, startBenchProduct } from './lib.ts';

const port = Number(process.env.BENCH_PORT ?? 8296);
const runs = Number(process.env.BENCH_RUNS ?? 20);

/**
 * Runs in the page (a plain string: the TypeScript loader's helpers do not exist there): posts
 * the staff reply and notes when the conversation log shows its text.
 */
const IN_PAGE = `async ({ ticketId, staffToken, text }) => {
  const log = document.querySelector('[role="log"]');
  if (!log) throw new Error('no conversation log on the page');
  let observer;
  const shown = new Promise((resolve, reject) => {
    const check = () => {
      if (log.textContent.includes(text)) {
        observer.disconnect();
        resolve(performance.now());
      }
    };
    observer = new MutationObserver(check);
    observer.observe(log, { childList: true, subtree: true, characterData: true });
    setTimeout(() => reject(new Error('the reply did not show within 10 s')), 10000);
  });
  const body = new FormData();
  body.append('data', JSON.stringify({ text: '<p>' + text + '</p>' }));
  const start = performance.now();
  const response = await fetch('/api/staff/tickets/' + ticketId + '/messages', {
    method: 'POST',
    headers: { authorization: 'Bearer ' + staffToken },
    body,
  });
  const answered = performance.now();
  if (!response.ok) throw new Error('staff reply: ' + response.status + ' ' + (await response.text()));
  const at = await shown;
  return { fromCall: at - start, fromAnswer: Math.max(0, at - answered) };
}`;

const server = await startBenchProduct(port);
const browser = await launchChromium();
try {
  const { url } = server;
  const player = await registerPlayer(url);
  const staff = await staffToken(url);

  const ticket = new FormData();
  ticket.append('data', JSON.stringify({ title: 'bench chat', text: '<p>Where is my drop?</p>' }));
  const created = await json<{ data: { id: string } }>(
    await fetch(`${url}/api/support/create-ticket`, {
      method: 'POST',
      headers: { authorization: `Bearer ${player.jwt}`, project: 'familytown' },
      body: ticket,
    }),
  );
  const ticketId = created.data.id;

  const context = await playerContext(browser, player);
  const page = await context.newPage();
  const streamOpen = page.waitForResponse((response) => response.url().includes('/api/support/events') && response.ok(), {
    timeout: 30_000,
  });
  await page.goto(`${url}/support/ticket/${ticketId}`);
  await page.getByRole('log').getByText('Where is my drop?').waitFor();
  await streamOpen;
  // Let the live stream settle as it would while a player reads the chat.
  await page.waitForTimeout(300);

  const measure = async (label: string) =>
    (await page.evaluate(
      `(${IN_PAGE})(${JSON.stringify({ ticketId, staffToken: staff, text: `bench reply ${label} ${crypto.randomUUID()}` })})`,
    )) as {
      fromCall: number;
      fromAnswer: number;
    };

  await measure('warm-up');
  const fromCall: number[] = [];
  const fromAnswer: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const timing = await measure(String(run + 1));
    fromCall.push(timing.fromCall);
    fromAnswer.push(timing.fromAnswer);
    if (process.env.BENCH_VERBOSE) console.log(`run ${run + 1}: ${timing.fromCall.toFixed(1)} ms`);
    await page.waitForTimeout(100);
  }

  console.log(`support chat over ${runs} replies (${onPostgres() ? 'PostgreSQL, LISTEN/NOTIFY' : 'PGlite, in-process bus'}), Chromium:`);
  console.log(`  staff reply call started -> player's chat shows it: ${describeTimings(fromCall)}`);
  console.log(`  staff reply answered     -> player's chat shows it: ${describeTimings(fromAnswer)}`);
} finally {
  await browser.close();
  await server.stop();
}
