import type { FastifyPluginAsync } from 'fastify';
import type { TDevMail } from '@portal/contracts/auth';
import type { DevMailbox } from '../../integrations/mail/dev-mailbox.ts';
import { escapeHtml } from '../../integrations/mail/templates.ts';

export type DevMailRoutesOptions = { mailbox: DevMailbox };

const toWire = (mail: ReturnType<DevMailbox['list']>[number]): TDevMail => ({
  id: mail.id,
  from: mail.from,
  to: mail.to,
  subject: mail.subject,
  text: mail.text,
  html: mail.html,
  sentAt: mail.sentAt.toISOString(),
});

/**
 * The dev mailbox (embedded default only: no SMTP_URL, not production): what would have been
 * mailed, newest first, codes readable. `?to=` filters by recipient.
 */
export const devMailRoutes: FastifyPluginAsync<DevMailRoutesOptions> = async (app, { mailbox }) => {
  const list = (query: unknown) => {
    const to = (query as { to?: unknown } | undefined)?.to;
    return mailbox.list(typeof to === 'string' && to !== '' ? to : undefined).map(toWire);
  };
  const config = { rateLimit: false as const };

  app.get('/dev/mail.json', { config, schema: { hide: true } }, async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    return { data: list(request.query) };
  });

  app.get('/dev/mail', { config, schema: { hide: true } }, async (request, reply) => {
    const items = list(request.query)
      .map(
        (m) =>
          `<article><h2>${escapeHtml(m.subject)}</h2><p><strong>To:</strong> ${escapeHtml(m.to)} · <time>${escapeHtml(m.sentAt)}</time></p><pre>${escapeHtml(m.text)}</pre></article>`,
      )
      .join('\n');
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Dev mailbox</title><style>body{font:16px/1.4 system-ui,sans-serif;max-width:50rem;margin:2rem auto;padding:0 1rem}article{border-bottom:1px solid #ccc;padding:1rem 0}pre{white-space:pre-wrap;background:#f5f5f5;padding:.75rem}</style></head><body><main><h1>Dev mailbox</h1><p>Mail the server would have sent (newest first). Only without SMTP_URL and outside production.</p>${items || '<p>No mail yet.</p>'}</main></body></html>`;
    return reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'")
      .send(html);
  });
};
