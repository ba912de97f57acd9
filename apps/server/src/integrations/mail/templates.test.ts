import { LANGUAGES } from '@portal/contracts/languages';
import { describe, expect, it } from 'vitest';
import { MAIL_LANGUAGES, passwordChangedMail, recoveryCodeMail, registrationCodeMail } from './templates.ts';

const hostile = '<script>alert("x")</script> & Co\'s';

describe('mail templates', () => {
  it('exist for all ten product languages', () => {
    expect([...MAIL_LANGUAGES].sort()).toEqual([...LANGUAGES].sort());
  });

  it.each(LANGUAGES)('render every template in %s with the code big and the 10-minute validity', (language) => {
    const registration = registrationCodeMail(language, { projectName: 'Family Town', code: '482915' });
    const recovery = recoveryCodeMail(language, { projectName: 'Family Town', code: '104729' });
    const changed = passwordChangedMail(language, { projectName: 'Family Town', email: 'fox@example.com' });

    for (const mail of [registration, recovery, changed]) {
      expect(mail.subject).toContain('Family Town');
      expect(mail.html).toContain(`<html lang="${language}">`);
    }
    expect(registration.text).toContain('482915');
    expect(registration.html).toMatch(/font-size:36px[^>]*>482915</);
    expect(registration.text).toMatch(/10/);
    expect(recovery.text).toContain('104729');
    expect(changed.text).toContain('fox@example.com');
    // The three letters really differ (no template copied into another by mistake).
    expect(new Set([registration.subject, recovery.subject, changed.subject]).size).toBe(3);
  });

  it('are real translations, not English in disguise', () => {
    const subjects = LANGUAGES.map((l) => registrationCodeMail(l, { projectName: 'P', code: '111111' }).subject);
    expect(new Set(subjects).size).toBe(LANGUAGES.length);
    expect(registrationCodeMail('ru', { projectName: 'P', code: '111111' }).text).toContain('10 минут');
    expect(registrationCodeMail('de', { projectName: 'P', code: '111111' }).text).toContain('10 Minuten');
    expect(registrationCodeMail('zh', { projectName: 'P', code: '111111' }).text).toContain('10分钟');
  });

  it.each(LANGUAGES)('escape every interpolated value in the HTML (%s)', (language) => {
    const mails = [
      registrationCodeMail(language, { projectName: hostile, code: '<b>1</b>' }),
      recoveryCodeMail(language, { projectName: hostile, code: '"&' }),
      passwordChangedMail(language, { projectName: hostile, email: '<img src=x onerror=alert(1)>@example.com' }),
    ];
    for (const { html } of mails) {
      expect(html).not.toContain('<script>');
      expect(html).not.toContain('<b>1</b>');
      expect(html).not.toContain('<img');
    }
    expect(mails[0]!.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co&#39;s');
    expect(mails[2]!.html).toContain('&lt;img src=x onerror=alert(1)&gt;@example.com');
  });

  it('keep the subject on one line', () => {
    const mail = registrationCodeMail('en', { projectName: 'Evil\r\nBcc: victim@example.com', code: '123456' });
    expect(mail.subject).not.toMatch(/[\r\n]/);
  });

  it('follow a different validity', () => {
    expect(recoveryCodeMail('en', { projectName: 'P', code: '123456', validMinutes: 15 }).text).toContain('15 minutes');
  });
});
