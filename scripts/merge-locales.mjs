#!/usr/bin/env node
// Deep-merges translation keys into apps/web/public/locales/<lng>/translation.json.
// Usage: node scripts/merge-locales.mjs patch.json
//   patch.json: { "en": { "section": { "key": "text" } }, "ru": { ... }, ... }
// Keys present in the patch overwrite; everything else in the files is kept. Run it under
// `flock /tmp/locales.lock` when several people edit the locales at once.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const dir = fileURLToPath(new URL('../apps/web/public/locales/', import.meta.url));
const file = process.argv[2];
if (!file) {
  console.error('usage: node scripts/merge-locales.mjs patch.json');
  process.exit(2);
}
const patch = JSON.parse(readFileSync(file, 'utf8'));

const merge = (target, source) => {
  for (const [key, value] of Object.entries(source)) {
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      target[key] = merge(target[key] && typeof target[key] === 'object' ? target[key] : {}, value);
    } else target[key] = value;
  }
  return target;
};

for (const [lng, tree] of Object.entries(patch)) {
  const path = `${dir}${lng}/translation.json`;
  const current = JSON.parse(readFileSync(path, 'utf8'));
  writeFileSync(path, `${JSON.stringify(merge(current, tree), null, 2)}\n`);
  console.log(`merged ${lng}`);
}
