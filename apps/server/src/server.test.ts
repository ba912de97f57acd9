import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

describe('server start', () => {
  it('stops on a bad variable with one line on stderr and exit code 1', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'server.ts')], {
      env: { ...process.env, PORT: 'abc', NODE_ENV: 'test' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toBe('Invalid configuration: PORT must be an integer between 1 and 65535 (got "abc")\n');
  });
});
