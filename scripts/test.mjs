// `npm test`: every test, in order: lint, import boundaries (dependency-cruiser), format
// (Prettier), typecheck, build, unit and integration (Vitest: PGlite and PostgreSQL), then the
// browser suite (Playwright driving Debian's Chromium).
// Every step runs even when an earlier one failed, so one run shows every failure; the last
// line sums up the test counts as "N passed, N failed".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = path.join(root, '.tmp', 'reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.error(
    `test: no browser at ${chromium}. Install Debian's Chromium with ` +
      '`apt-get update && apt-get install -y chromium` (or set CHROMIUM_PATH), then run `npm test` again.',
  );
  process.exit(1);
}

const vitestReport = path.join(reports, 'vitest.json');
const playwrightReport = path.join(reports, 'playwright.json');
const steps = [
  ['lint', 'npx', ['eslint', '.', '--max-warnings=0']],
  ['import boundaries', 'npm', ['run', 'lint:deps']],
  ['format', 'npm', ['run', 'format:check']],
  ['typecheck', 'npm', ['run', 'typecheck']],
  // The build first: the server's tests of rendered pages run the built web app's render.
  ['build', 'npm', ['run', 'build']],
  ['unit and integration', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`]],
  ['browser', 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport }],
];

const failedSteps = [];
for (const [name, command, args, env] of steps) {
  console.log(`\n=== ${name}: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) failedSteps.push(name);
}

const readJson = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined);
const vitest = readJson(vitestReport);
const playwright = readJson(playwrightReport);
const passed = (vitest?.numPassedTests ?? 0) + (playwright?.stats?.expected ?? 0);
const failed = (vitest?.numFailedTests ?? 0) + (playwright?.stats?.unexpected ?? 0) + (playwright?.stats?.flaky ?? 0);
const skipped = (vitest?.numPendingTests ?? 0) + (vitest?.numTodoTests ?? 0) + (playwright?.stats?.skipped ?? 0);

if (failedSteps.length > 0) console.error(`\ntest: failed steps: ${failedSteps.join(', ')}`);
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failedSteps.length > 0 || failed > 0 ? 1 : 0);
