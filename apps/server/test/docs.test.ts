import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { HOST_ERROR_CODES } from '@portal/contracts/errors';
import { GAME_MESSAGE_TYPES, SERVICE_MESSAGE_TYPE, RESULT_PAGE_PATHS, ZPortalMessage } from '@portal/contracts/messages';
import { PAYMENT_EVENT_ID_HEADER, PAYMENT_SIGNATURE_HEADER, PAYMENT_WEBHOOK_TYPES } from '@portal/contracts/payments';

// The repository documents its own contracts: these checks keep docs/contracts.md in step with
// the code, and the README and docs/ free of links that lead out of the repository.
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');
const contracts = read('docs/contracts.md');

/** The rows of the markdown table under a heading, as arrays of cells. */
function tableUnder(markdown: string, heading: string): string[][] {
  const start = markdown.indexOf(heading);
  expect(start, `heading ${heading}`).toBeGreaterThanOrEqual(0);
  const rows: string[][] = [];
  const lines = markdown.slice(start).split('\n');
  // A heading above the table, or the table's own header row.
  for (const line of heading.startsWith('|') ? lines : lines.slice(1)) {
    if (line.startsWith('|'))
      rows.push(
        line
          .split('|')
          .slice(1, -1)
          .map((cell) => cell.trim()),
      );
    else if (rows.length > 0) break;
  }
  return rows.slice(2);
}

describe('docs/contracts.md', () => {
  it('lists every host error code, and no other', () => {
    const documented = tableUnder(contracts, 'Error codes passed to the host').flatMap(([codes]) =>
      (codes ?? '').split(',').map((code) => Number(code.trim())),
    );
    expect(documented.sort()).toEqual(Object.values(HOST_ERROR_CODES).sort());
  });

  it('lists every window message both ways', () => {
    const fromGame = tableUnder(contracts, '| from the game |').map(([type]) => type?.replaceAll('`', ''));
    expect(fromGame.sort()).toEqual([...GAME_MESSAGE_TYPES].sort());
    const toGame = tableUnder(contracts, '| to the game |').map(([type]) => type?.replaceAll('`', ''));
    const portalTypes = ZPortalMessage.options.map((option) => option.shape.type.value);
    expect(toGame.sort()).toEqual([...portalTypes].sort());
    for (const type of Object.values(SERVICE_MESSAGE_TYPE)) expect(contracts).toContain(`"${type}"`);
    for (const path of Object.values(RESULT_PAGE_PATHS)) expect(contracts).toContain(`${path}/:result`);
  });

  it('describes the webhook: its types, signature and event id headers', () => {
    for (const type of PAYMENT_WEBHOOK_TYPES) expect(contracts).toContain(`\`${type}\``);
    expect(contracts).toContain(PAYMENT_SIGNATURE_HEADER);
    expect(contracts).toContain(PAYMENT_EVENT_ID_HEADER);
  });
});

describe('README and docs/', () => {
  const documents = [
    'README.md',
    'SECURITY.md',
    'ARCHITECTURE.md',
    ...readdirSync(join(root, 'docs')).map((name) => `docs/${name}`),
  ].filter((path) => path.endsWith('.md') && existsSync(join(root, path)));

  it.each(documents)('%s sends readers to nothing outside the repository', (path) => {
    expect(read(path)).not.toMatch(/\.\.\/shared\//);
  });

  it.each(documents)('%s: every file it names exists', (path) => {
    const text = read(path);
    // Markdown links to files and backticked repository paths (`docs/deploy.md`, `apps/server/src/config.ts`).
    const linked = [...text.matchAll(/\]\((?!https?:|#|mailto:)([^)#\s]+)/g)].map((match) => join(dirname(path), match[1]!));
    const named = [...text.matchAll(/`((?:apps|packages|docs|deploy|bench|e2e|scripts)\/[\w./-]+\.\w+)`/g)].map((match) => match[1]!);
    // Build output (`apps/server/dist/...`) exists once built, not in a checkout.
    for (const file of [...linked, ...named].filter((name: string) => !name.includes('/dist/')))
      expect(existsSync(join(root, file)), `${path} names ${file}`).toBe(true);
  });
});

describe('the repository stands on its own', () => {
  // Comments and docs say the thing itself: no section numbers of documents outside the repository.
  const citation = /\b(?:SPEC|DESIGN|STYLE)(?:\.md)?(?: section)? ?\d|\bspec section \d|\binterfaces\.md\b|\bissue #?\d+\b/i;
  const sources = execFileSync('git', ['ls-files', '--', 'apps', 'packages', 'e2e', 'bench', 'scripts', 'docs', '*.md'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((path) => /\.(ts|tsx|mjs|js|css|md)$/.test(path) && !path.includes('/dist/') && existsSync(join(root, path)));

  it('cites no section of a document outside it', () => {
    expect(sources.length).toBeGreaterThan(300);
    const found = sources.flatMap((path) =>
      read(path)
        .split('\n')
        .map((line, index) => ({ line, index }))
        .filter(({ line }) => citation.test(line))
        .map(({ line, index }) => `${path}:${index + 1}: ${line.trim().slice(0, 120)}`),
    );
    expect(found).toEqual([]);
  });
});
