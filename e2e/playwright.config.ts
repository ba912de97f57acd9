import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.E2E_PORT ?? 8181);
const baseURL = `http://localhost:${port}`;
// Each run starts the product on an empty data folder, as a fresh `npm start` would.
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'portal-e2e-'));

export default defineConfig({
  testDir: './tests',
  fullyParallel: true,
  forbidOnly: true,
  retries: 0,
  workers: 2,
  // Tests run two at a time on a 2-core machine that may be loaded: they get the time their work
  // takes (axe passes, uploads, framed apps), never a race against a clock.
  timeout: 90_000,
  // A first screen under that load can take several seconds to draw (lazy chunks parsed on a busy core).
  expect: { timeout: 15_000 },
  reporter: [['list'], ['json']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    command: 'node scripts/start.mjs',
    cwd: root,
    url: `${baseURL}/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      PUBLIC_URL: baseURL,
      DATA_DIR: dataDir,
      ALLOWED_GAME_ORIGINS: 'http://127.0.0.1:8182',
      // Every test comes from one address; the limit itself is tested in the server suite.
      RATE_LIMIT_MAX: '100000',
      // The same for the per-address sign-in limit (staff and player logins of every spec add up).
      AUTH_RATE_LIMIT_MAX: '100000',
      // And for the code mails every registering spec sends from that one address.
      CODE_MAILS_PER_IP_HOUR: '100000',
      // The support specs upload many attachments from that one address (quotas are tested in the server suite).
      UPLOAD_OWNER_BYTES_DAY: '0',
      UPLOAD_IP_BYTES_DAY: '0',
      UPLOAD_MIN_FREE_BYTES: '0',
      // The staff admin the payment and support specs sign in as (e2e/support/api.ts).
      ADMIN_EMAIL: 'admin@portal.test',
      ADMIN_PASSWORD: 'Admin-e2e-2026',
    },
  },
});
