import { controlKeys } from '@/shared/api/query-keys';

export const gameKeys = {
  gameData: (projectName: string) => [...controlKeys.all, 'game-data', projectName] as const,
  singleGameData: (projectName: string) => [...controlKeys.all, 'single-game-data', projectName] as const,
};
