// `npm start`: build what is missing or older than its sources, then serve the whole product
// (the compiled server, the built web app and game SDK) on the embedded default.
import { spawnSync, spawn } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const contracts = ['packages/contracts/src', 'packages/contracts/package.json'];
const builds = [
  {
    output: 'packages/game-sdk/dist/game-sdk.js',
    workspace: 'packages/game-sdk',
    inputs: ['packages/game-sdk/src', 'packages/game-sdk/package.json', ...contracts],
  },
  {
    output: 'apps/web/dist-ssr/entry-server.js',
    workspace: 'apps/web',
    inputs: ['apps/web/src', 'apps/web/public', 'apps/web/index.html', 'apps/web/vite.config.ts', 'apps/web/package.json', ...contracts],
  },
  {
    output: 'apps/server/dist/server.mjs',
    workspace: 'apps/server',
    inputs: ['apps/server/src', 'apps/server/build.mjs', 'apps/server/package.json', ...contracts],
  },
];

/** The newest modification time under `relative` (a file or a folder), tests left out. */
function newest(relative) {
  const walk = (absolute) => {
    const stat = statSync(absolute, { throwIfNoEntry: false });
    if (!stat) return 0;
    if (!stat.isDirectory()) return /\.test\.tsx?$/.test(absolute) ? 0 : stat.mtimeMs;
    let latest = 0;
    for (const entry of readdirSync(absolute)) {
      if (entry === 'node_modules' || entry === 'dist') continue;
      latest = Math.max(latest, walk(path.join(absolute, entry)));
    }
    return latest;
  };
  return walk(path.join(root, relative));
}

for (const { output, workspace, inputs } of builds) {
  const built = statSync(path.join(root, output), { throwIfNoEntry: false })?.mtimeMs;
  const sources = Math.max(...inputs.map(newest));
  if (built !== undefined && built >= sources) continue;
  console.log(`start: building ${workspace} (${built === undefined ? `${output} is missing` : 'its sources changed'})`);
  const result = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const server = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/server.mjs'], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
