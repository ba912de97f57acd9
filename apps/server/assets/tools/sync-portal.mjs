#!/usr/bin/env node
// Copies tools/portal.js (the shared demo-game toolbar) into every games/<project>/ folder,
// so each demo game stays self-contained under the CSP (script-src 'self').
import { copyFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const games = join(here, '..', 'games');
for (const name of readdirSync(games)) {
  if (!statSync(join(games, name)).isDirectory()) continue;
  copyFileSync(join(here, 'portal.js'), join(games, name, 'portal.js'));
  console.log(`games/${name}/portal.js`);
}
