import type { TGameRecord, TWebPage } from '@portal/contracts/control';

/**
 * A game page needs web_page, isActive and not in development, and is only
 * for catalogue projects.
 */
export type OpenableGame = TGameRecord & { web_page: TWebPage };

export function canOpenGame(game: TGameRecord | undefined | null): game is OpenableGame {
  const page = game?.web_page;
  return Boolean(page && page.isActive === true && page.inDevelop !== true && !game?.mainData.outOfCatalog);
}
