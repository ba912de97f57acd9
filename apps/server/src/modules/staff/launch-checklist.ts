import { and, desc, eq } from 'drizzle-orm';
import { PAYMENT_PROVIDERS, type TPaymentProviderId } from '@portal/contracts/payments';
import type { TLaunchChecklist, TLaunchCheckId } from '@portal/contracts/staff';
import type { Db } from '../../db/client.ts';
import { games, prices, projectWebhooks, projects, webhookDeliveries } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';

/** The game's texts a live project has in both of the portal's main languages. */
const TEXT_FIELDS = ['name', 'cardDescription', 'fullDescription'] as const;
const TEXT_LANGUAGES = ['en', 'ru'] as const;

/**
 * A project's launch checklist: payment methods on and served by real keys (or this
 * deployment's sandbox), a webhook URL that answered a test event, at least one price, the
 * game's and items' texts in English and Russian, the game's and items' images. Read-only.
 */
export async function launchChecklist(
  db: Db,
  project: string,
  /** Whether this deployment serves a provider (its keys are set, or its sandbox stands in). */
  serves: (provider: TPaymentProviderId) => boolean,
): Promise<TLaunchChecklist> {
  const [row] = await db.select().from(projects).where(eq(projects.name, project));
  if (!row) throw new AppError('NOT_FOUND', 404, `No project ${project}`);
  const [game] = await db.select().from(games).where(eq(games.project, project));
  const [hook] = await db.select().from(projectWebhooks).where(eq(projectWebhooks.project, project));
  const onSale = await db
    .select()
    .from(prices)
    .where(and(eq(prices.project, project), eq(prices.archived, false)));
  const [lastTest] = hook
    ? await db
        .select()
        .from(webhookDeliveries)
        .where(
          and(eq(webhookDeliveries.project, project), eq(webhookDeliveries.eventType, 'webhook.test'), eq(webhookDeliveries.url, hook.url)),
        )
        .orderBy(desc(webhookDeliveries.id))
        .limit(1)
    : [];

  const methods = PAYMENT_PROVIDERS.filter((provider) => row.paymentsMethods.includes(provider));
  const checks: Record<TLaunchCheckId, string[]> = {
    paymentMethods: methods.length === 0 ? ['none'] : methods.filter((provider) => !serves(provider)),
    webhook: !hook ? ['url'] : lastTest?.ok ? [] : ['testEvent'],
    prices: onSale.length === 0 ? ['none'] : [],
    texts: [
      ...TEXT_LANGUAGES.flatMap((language) =>
        TEXT_FIELDS.filter((field) => !game?.localization[language]?.[field]?.trim()).map((field) => `game.${language}.${field}`),
      ),
      ...onSale.flatMap((price) =>
        TEXT_LANGUAGES.filter((language) => !price.titles[language]?.trim()).map((language) => `price.${price.id}.${language}`),
      ),
    ],
    images: [
      ...(['cardLogoImage', 'gameImage'] as const).filter((field) => !game?.webPage?.[field]),
      ...onSale.filter((price) => !price.logoName).map((price) => `price.${price.id}`),
    ],
  };
  const list = (Object.entries(checks) as Array<[TLaunchCheckId, string[]]>).map(([id, missing]) => ({
    id,
    ok: missing.length === 0,
    missing,
  }));
  return { project, ready: list.every((check) => check.ok), checks: list };
}
