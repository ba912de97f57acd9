// @vitest-environment node
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * STYLE.md 1: a feature never imports another feature's internals, and shared code never
 * imports a feature. The repository's ESLint rule sees relative imports; this also covers
 * the `@/` alias.
 */
const src = resolve(dirname(fileURLToPath(import.meta.url)), '..');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:from\s+|import\s*\(\s*)['"]([^'"]+)['"]/g)].map((m) => m[1]!);
}

function target(file: string, spec: string): string | undefined {
  if (spec.startsWith('@/')) return join(src, spec.slice(2));
  if (spec.startsWith('.')) return resolve(dirname(file), spec);
  return undefined;
}

const area = (path: string) => relative(src, path).split('/');

describe('import boundaries', () => {
  const problems: string[] = [];
  for (const file of files(src)) {
    const [top, feature] = area(file);
    for (const spec of importsOf(file)) {
      const to = target(file, spec);
      if (!to) continue;
      const [toTop, toFeature] = area(to);
      if (top === 'features' && toTop === 'features' && toFeature !== feature) {
        problems.push(`${relative(src, file)} imports ${spec}`);
      }
      if (top === 'shared' && (toTop === 'features' || toTop === 'app')) {
        problems.push(`${relative(src, file)} (shared) imports ${spec}`);
      }
    }
  }

  it('features and shared code keep to their side', () => {
    expect(problems).toEqual([]);
  });
});
