import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';
import type { AddressInfo } from 'node:net';

export interface CapturedMail {
  to: string;
  subject: string;
  text: string;
}

/**
 * A real SMTP server on a free local port that keeps every letter it is given, so that the
 * product (started with SMTP_URL pointing here) mails codes the test can read.
 */
export async function startSmtpCatcher() {
  const mails: CapturedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const to = Array.isArray(parsed.to) ? parsed.to.map((a) => a.text).join(', ') : (parsed.to?.text ?? '');
          mails.push({ to, subject: parsed.subject ?? '', text: parsed.text ?? '' });
          waiters.forEach((wake) => wake());
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  /** The newest letter to `address` after the first `since` of them, waiting up to `timeout` ms. */
  async function waitForMail(address: string, { since = 0, timeout = 15_000 } = {}): Promise<CapturedMail> {
    const deadline = Date.now() + timeout;
    for (;;) {
      const found = mails.filter((mail) => mail.to.toLowerCase().includes(address.toLowerCase())).slice(since);
      if (found.length > 0) return found[found.length - 1]!;
      if (Date.now() > deadline) throw new Error(`no mail to ${address} within ${timeout} ms`);
      await new Promise<void>((resolve) => {
        const wake = () => {
          waiters.delete(wake);
          resolve();
        };
        waiters.add(wake);
        setTimeout(wake, 250);
      });
    }
  }

  /** How many letters went to `address` so far (to wait for the next one). */
  const countFor = (address: string) => mails.filter((mail) => mail.to.toLowerCase().includes(address.toLowerCase())).length;

  return {
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    mails,
    waitForMail,
    countFor,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The 6-digit code of a letter. */
export function codeOf(mail: CapturedMail): string {
  const match = /\b(\d{6})\b/.exec(mail.text);
  if (!match) throw new Error(`no 6-digit code in "${mail.subject}"`);
  return match[1]!;
}
