import { describe, expect, it } from 'vitest';
import type { TInitialConfig } from '@portal/contracts/control';
import { projectBackgroundOf } from './project-background';

const configWith = (value: unknown) => ({ projects: { extra: [{ id: 'backgroundColor', value }] } }) as unknown as TInitialConfig;

describe('projectBackgroundOf', () => {
  it('takes a colour from the backgroundColor setting and ignores anything else', () => {
    expect(projectBackgroundOf(configWith('#1d6f42'))).toBe('#1d6f42');
    expect(projectBackgroundOf(configWith('url(https://evil.example/x.png)'))).toBeUndefined();
    expect(projectBackgroundOf(configWith('red; position: fixed'))).toBeUndefined();
    expect(projectBackgroundOf(configWith(42))).toBeUndefined();
    expect(projectBackgroundOf(undefined)).toBeUndefined();
  });
});
