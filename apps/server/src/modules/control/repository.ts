import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { games, prices, projects, type GameRow, type PriceRow, type ProjectRow } from '../../db/schema.ts';

/** The whole portal catalogue in one read; it is small (tens of rows) and read-mostly. */
export type CatalogSnapshot = {
  /** Every project in display order. */
  projects: ProjectRow[];
  games: Map<string, GameRow>;
  prices: Map<string, PriceRow[]>;
};

export type ControlRepository = {
  loadSnapshot(): Promise<CatalogSnapshot>;
  findPrice(id: string): Promise<PriceRow | undefined>;
};

export function createControlRepository(db: Db): ControlRepository {
  return {
    async loadSnapshot() {
      const [projectRows, gameRows, priceRows] = await Promise.all([
        db.select().from(projects).orderBy(asc(projects.sortOrder), asc(projects.name)),
        db.select().from(games),
        db.select().from(prices).orderBy(asc(prices.project), asc(prices.sortOrder), asc(prices.id)),
      ]);
      const priceMap = new Map<string, PriceRow[]>();
      for (const price of priceRows) {
        const list = priceMap.get(price.project) ?? [];
        list.push(price);
        priceMap.set(price.project, list);
      }
      return {
        projects: projectRows,
        games: new Map(gameRows.map((game) => [game.project, game])),
        prices: priceMap,
      };
    },

    async findPrice(id) {
      const [row] = await db.select().from(prices).where(eq(prices.id, id)).limit(1);
      return row;
    },
  };
}
