import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// One Vitest run over every workspace that has tests; each project keeps its own config.
// Paths are absolute so the file works whatever --root a command passes.
const workspaces = ['packages/contracts', 'packages/game-sdk', 'apps/server', 'apps/web'];

export default defineConfig({
  test: {
    projects: workspaces.map((dir) => fileURLToPath(new URL(`./${dir}`, import.meta.url))),
  },
});
