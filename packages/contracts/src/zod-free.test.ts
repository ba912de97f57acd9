import { describe, expect, it } from 'vitest';

/** Modules every page may load: neither they nor what they import may bring zod in. */
const ZOD_FREE = [
  'error-codes.ts',
  'message-types.ts',
  'control-constants.ts',
  'support-constants.ts',
  'payments-constants.ts',
  'validation-rules.ts',
  'auth-constants.ts',
  'result-codec.ts',
  'server-paths.ts',
  'languages.ts',
  'http.ts',
  'addresses.ts',
];

// The package has no Node types (it runs in browsers too): fs is typed here by hand.
const NODE_FS = 'node:fs';
const { readFileSync } = (await import(NODE_FS)) as { readFileSync(path: URL, encoding: 'utf8'): string };
const read = (file: string) => readFileSync(new URL(`./${file}`, import.meta.url), 'utf8');
const runtimeImports = (source: string) =>
  [...source.matchAll(/^(?:import|export)\s+(?!type\b)[^;]*?from\s+'([^']+)'/gm)].map((match) => match[1] as string);

describe('zod-free contract modules', () => {
  it.each(ZOD_FREE)('%s imports no zod, directly or through another module', (file) => {
    const seen = new Set<string>();
    const walk = (name: string) => {
      if (seen.has(name)) return;
      seen.add(name);
      for (const target of runtimeImports(read(name))) {
        expect(target, `${name} imports ${target}`).toMatch(/^\.\//);
        walk(target.slice(2));
      }
    };
    walk(file);
  });
});
