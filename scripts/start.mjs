// `npm start`: build what is missing, then serve the whole product on the embedded default.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const builds = [
  { output: 'packages/game-sdk/dist/game-sdk.js', workspace: 'packages/game-sdk' },
  { output: 'apps/web/dist/index.html', workspace: 'apps/web' },
];

for (const { output, workspace } of builds) {
  if (existsSync(path.join(root, output))) continue;
  console.log(`start: building ${workspace} (${output} is missing)`);
  const result = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
