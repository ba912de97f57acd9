import { defineConfig } from 'vitest/config';

export default defineConfig({ test: { name: 'game-sdk', include: ['src/**/*.test.ts'] } });
