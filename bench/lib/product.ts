import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface RunningServer {
  url: string;
  /** The process the bench started (for the product: `scripts/start.mjs`, the server is its child). */
  pid?: number;
  stop(): Promise<void>;
}

async function waitFor(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`bench: ${url} did not answer within ${timeoutMs} ms`);
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** Starts the product as `npm start` would, on an empty data folder, with the given env. */
export async function startProduct(port: number, env: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-'));
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/health`, 180_000);
  return {
    url,
    pid: child.pid,
    async stop() {
      await stopChild(child);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Runs a plain node script (a string of ESM code) as its own process. */
export async function startScript(code: string, port: number, env: Record<string, string> = {}): Promise<RunningServer> {
  const child = spawn(process.execPath, ['--input-type=module', '-e', code], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, PORT: String(port), ...env },
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/health`, 30_000);
  return { url, pid: child.pid, stop: () => stopChild(child) };
}
