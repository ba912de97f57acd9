import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { assertStubsMatchContracts } from './contract';

// findBy and waitFor wait for what a lazy route or an answer brings: on a loaded machine
// that takes longer than Testing Library's default second, so they get the time it takes.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  if (typeof localStorage !== 'undefined') localStorage.clear();
  assertStubsMatchContracts();
});
