// What the robot check costs to solve: the server's own challenges (AltchaCaptcha, the default
// ALTCHA_MAX_NUMBER), normal and hard (an address past its failure limit), solved
// - in Chromium the way the `altcha` widget solves them (SHA-256 of salt + number with Web
//   Crypto, counting up), on this machine's CPU and slowed 4x with the DevTools CPU throttle
//   (Lighthouse's mobile profile, a mid-range phone), and
// - natively in Node (altcha-lib's solver), as a script would.
// Prints median and p90 seconds over RUNS challenges of each kind (BENCH_RUNS, default 20).
// Run: npm run captcha-cost -w bench
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { solveChallenge } from 'altcha-lib/v1';
import { AltchaCaptcha, DEFAULT_MAX_NUMBER, HARD_COST_FACTOR } from '../apps/server/src/integrations/captcha/altcha.ts';
import type { CaptchaChallenge, CaptchaCost } from '../apps/server/src/integrations/captcha/captcha.ts';
import { describeTimings, launchChromium } from './lib.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const captcha = new AltchaCaptcha({ hmacKey: 'bench-captcha-cost-key', seen: { seen: async () => false } });

async function challenges(cost: CaptchaCost): Promise<CaptchaChallenge[]> {
  return Promise.all(Array.from({ length: RUNS }, () => captcha.createChallenge(cost)));
}

// Web Crypto needs a secure context: an empty page on loopback is one.
const server = createServer((_request, response) => response.end('<!doctype html><title>captcha cost</title>'));
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const browser = await launchChromium();
const page = await browser.newPage();
await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
const cdp = await page.context().newCDPSession(page);

/** Seconds Chromium takes to find each challenge's number, as the widget's solver does. */
async function inBrowser(list: CaptchaChallenge[], slowdown: number): Promise<number[]> {
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
  const seconds: number[] = [];
  for (const challenge of list) {
    // A string, not a function: tsx would wrap a function's inner helpers in its own __name().
    const took = (await page.evaluate(`(async () => {
      const { salt, challenge: target, maxnumber } = ${JSON.stringify(challenge)};
      const encoder = new TextEncoder();
      const hex = (buffer) => [...new Uint8Array(buffer)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
      const started = performance.now();
      for (let number = 0; number <= maxnumber; number += 1) {
        if (hex(await crypto.subtle.digest('SHA-256', encoder.encode(salt + number))) === target) break;
      }
      return (performance.now() - started) / 1000;
    })()`)) as number;
    seconds.push(took);
  }
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  return seconds;
}

/** Seconds a native solver (altcha-lib in Node) takes for each. */
async function natively(list: CaptchaChallenge[]): Promise<number[]> {
  const seconds: number[] = [];
  for (const challenge of list) {
    const started = performance.now();
    await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber).promise;
    seconds.push((performance.now() - started) / 1000);
  }
  return seconds;
}

const line = (label: string, seconds: number[]) => console.log(`${label.padEnd(48)} ${describeTimings(seconds.map((s) => s * 1000))}`);

console.log(
  `captcha-cost: ${RUNS} challenges of each kind; normal max ${DEFAULT_MAX_NUMBER}, hard ${DEFAULT_MAX_NUMBER * HARD_COST_FACTOR}`,
);
for (const cost of ['normal', 'hard'] as const) {
  const list = await challenges(cost);
  line(`${cost}: Chromium, this CPU`, await inBrowser(list, 1));
  line(`${cost}: Chromium, CPU slowed 4x (a mid-range phone)`, await inBrowser(list, 4));
  line(`${cost}: native solver (a script)`, await natively(list));
}
await browser.close();
server.close();
