import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from './create-mailer.ts';
import { DevMailbox } from './dev-mailbox.ts';
import { SmtpMailer } from './smtp.ts';
import { registrationCodeMail } from './templates.ts';

describe('SmtpMailer against a real SMTP server', () => {
  const received: { envelopeTo: string[]; mail: ParsedMail }[] = [];
  let server: SMTPServer;
  let port: number;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        simpleParser(stream)
          .then((mail) => {
            received.push({ envelopeTo: session.envelope.rcptTo.map((r) => r.address), mail });
            callback();
          })
          .catch(callback);
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('delivers a rendered code mail the test can read the code from', async () => {
    const mailer = new SmtpMailer({ url: `smtp://127.0.0.1:${port}`, from: '"Portal" <no-reply@portal.test>' });
    const rendered = registrationCodeMail('ru', { projectName: 'Семейный город', code: '583920' });
    const sent = await mailer.send({ to: 'player@example.com', ...rendered });
    await mailer.close();

    expect(sent.messageId).toBeTruthy();
    const last = received.at(-1);
    expect(last?.envelopeTo).toEqual(['player@example.com']);
    expect(last?.mail.subject).toBe(rendered.subject);
    expect(last?.mail.from?.text).toContain('no-reply@portal.test');
    const code = /\b(\d{6})\b/.exec(last?.mail.text ?? '')?.[1];
    expect(code).toBe('583920');
    expect(last?.mail.html).toContain('583920');
  });

  it('refuses a URL that is not SMTP', () => {
    expect(() => new SmtpMailer({ url: 'http://example.com', from: 'a@b.c' })).toThrow(/smtp/);
  });
});

describe('DevMailbox', () => {
  const message = (to: string, subject: string) => ({ to, subject, text: 't', html: '<p>t</p>' });

  it('keeps the newest first and at most its capacity', async () => {
    const box = new DevMailbox({ from: 'no-reply@portal.test', capacity: 3 });
    for (let i = 1; i <= 5; i++) await box.send(message('a@example.com', `m${i}`));
    expect(box.list().map((m) => m.subject)).toEqual(['m5', 'm4', 'm3']);
    expect(box.list()[0]).toMatchObject({ from: 'no-reply@portal.test', to: 'a@example.com' });
  });

  it('keeps 200 by default, filters by recipient and finds by id', async () => {
    const box = new DevMailbox({ from: 'x@portal.test' });
    for (let i = 0; i < 205; i++) await box.send(message(i % 2 ? 'odd@example.com' : 'Even@example.com', `m${i}`));
    expect(box.list()).toHaveLength(200);
    expect(box.list('even@EXAMPLE.com').every((m) => m.to === 'Even@example.com')).toBe(true);
    const { messageId } = await box.send(message('z@example.com', 'last'));
    expect(box.get(messageId)?.subject).toBe('last');
    box.clear();
    expect(box.list()).toEqual([]);
  });
});

describe('createMailer', () => {
  it('uses SMTP when SMTP_URL is set and the dev mailbox otherwise', async () => {
    const smtp = createMailer({ smtpUrl: 'smtp://127.0.0.1:2525', from: 'a@b.c' });
    expect(smtp).toBeInstanceOf(SmtpMailer);
    await smtp.close();
    expect(createMailer({ from: 'a@b.c' })).toBeInstanceOf(DevMailbox);
    expect(createMailer({ smtpUrl: '  ', from: 'a@b.c' })).toBeInstanceOf(DevMailbox);
  });
});
