import { describe, expect, it } from 'vitest';
import * as full from '@portal/contracts/validation';
import * as mini from './schemas';

const issue = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.success ? null : (result.error?.issues[0]?.message ?? null);

describe('the forms’ zod/mini schemas', () => {
  const cases: Array<[keyof typeof mini & keyof typeof full, unknown[]]> = [
    ['ZEmail', ['', ' A@B.example ', 'no-at', 'x'.repeat(330) + '@a.example', 42, undefined]],
    ['ZPassword', ['', 'short', 'Secret2024', 'with space1', 'x'.repeat(21), null]],
    ['ZCode', ['', ' 123456 ', '12345', 'abcdef', 7]],
    ['ZPersonName', ['', 'Аня', ' Jo ', 'A', 'Bob1']],
    [
      'ZNewPasswordPair',
      [
        { password: 'Secret2024', repeatPassword: 'Secret2024' },
        { password: 'Secret2024', repeatPassword: 'Other2024' },
        { password: 'Secret2024', repeatPassword: '' },
        { password: 'bad', repeatPassword: 'bad' },
      ],
    ],
  ];
  it.each(cases)('%s accepts and refuses as the contract does, with its message key', (name, inputs) => {
    for (const input of inputs) {
      const a = full[name].safeParse(input);
      const b = mini[name].safeParse(input);
      expect(b.success, `${name} ${JSON.stringify(input)}`).toBe(a.success);
      if (a.success) expect(b.data).toEqual(a.data);
      else expect(issue(b)).toBe(issue(a));
    }
  });

  it('refuses registration without consent', () => {
    const result = mini.ZRegistrationForm.safeParse({ email: 'a@b.example', password: 'Secret2024', consent: false });
    expect(issue(result)).toBe(full.VALIDATION_KEYS.consentRequired);
  });
});
