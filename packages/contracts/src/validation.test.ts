import { describe, expect, it } from 'vitest';
import { ZCode, ZEmail, ZNewPasswordPair, ZPassword, ZPersonName } from './validation.ts';

const issue = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) => result.error?.issues[0]?.message;

describe('validation rules of the forms', () => {
  it('checks e-mail lowercased, at most 320 characters', () => {
    expect(ZEmail.parse('  Player@Example.COM ')).toBe('player@example.com');
    expect(issue(ZEmail.safeParse(''))).toBe('login.enterEmail');
    expect(issue(ZEmail.safeParse('no-at-sign'))).toBe('login.invalidEmail');
    expect(issue(ZEmail.safeParse(`${'a'.repeat(310)}@example.com`))).toBe('login.invalidEmail');
  });

  it('allows passwords of 8 to 20 Latin letters or digits', () => {
    expect(ZPassword.safeParse('abcd1234').success).toBe(true);
    expect(issue(ZPassword.safeParse(''))).toBe('login.enterPassword');
    for (const bad of ['short1', 'a'.repeat(21), 'пароль123', 'with space1']) {
      expect(issue(ZPassword.safeParse(bad))).toBe('login.passwordValidation');
    }
  });

  it('compares the repeat field', () => {
    expect(issue(ZNewPasswordPair.safeParse({ password: 'abcd1234', repeatPassword: '' }))).toBe('login.enterPasswordAgain');
    expect(issue(ZNewPasswordPair.safeParse({ password: 'abcd1234', repeatPassword: 'abcd1235' }))).toBe('login.mismatchPassword');
  });

  it('takes codes of exactly six digits and names of two to ten letters', () => {
    expect(ZCode.safeParse('123456').success).toBe(true);
    for (const bad of ['12345', '1234567', '12a456']) expect(issue(ZCode.safeParse(bad))).toBe('login.codeNotValid');
    expect(ZPersonName.safeParse('Анна').success).toBe(true);
    for (const bad of ['A', 'Abcdefghijk', 'Ann4']) expect(ZPersonName.safeParse(bad).success).toBe(false);
  });
});
