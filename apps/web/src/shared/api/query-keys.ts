/**
 * Query keys shared by several features. Sign-out and account deletion drop everything under
 * `userKeys.all` and `supportKeys.all`.
 */
export const userKeys = {
  all: ['user'] as const,
};

export const supportKeys = {
  all: ['support'] as const,
  unreadCount: () => ['support', 'unread-count'] as const,
};

export const controlKeys = {
  all: ['control'] as const,
  initialConfig: (project: string | null) => ['control', 'initial-config', project] as const,
};
