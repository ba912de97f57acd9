import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { UserRow } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AuthService, AuthUser } from '../auth/service.ts';
import { createAuthRepository } from '../auth/repository.ts';
import { createUsersRepository } from './repository.ts';

/**
 * What a module removes of a player whose account is deleted: its rows, inside the deletion's
 * transaction (all or nothing), and answers the files to remove once that committed.
 */
export type PersonalDataEraser = (tx: Db, userId: string) => Promise<(() => Promise<void>) | void>;

export type UsersServiceDeps = { auth: AuthService; erasers?: readonly PersonalDataEraser[]; log?: FastifyBaseLogger };

/** Profile rules: the name validation rules, and deletion that really removes personal data. */
export function createUsersService({ auth, erasers = [], log }: UsersServiceDeps) {
  return {
    async updateNames(userId: string, name: string, lastName: string): Promise<UserRow> {
      const updated = await auth.users.updateNames(userId, name, lastName);
      if (!updated) throw new AppError('NOT_FOUND', 404, 'No such player');
      return updated;
    },

    /**
     * Removes the player's personal data everywhere: the account's own (e-mail, names, password,
     * identities, codes) and, through the other modules' erasers, receipt e-mails and PDFs,
     * support tickets with their attachments and payment help letters. Payments stay (the
     * publisher's books) without anything that names the player.
     */
    async deleteAccount(current: AuthUser): Promise<void> {
      const email = current.user.email;
      const afterCommit: Array<() => Promise<void>> = [];
      await auth.db.transaction(async (tx) => {
        await createUsersRepository(tx).erase(current.user.id, new Date());
        const repo = createAuthRepository(tx);
        if (email) await repo.deleteCodesOf(email);
        await repo.revoke(current.claims.jti, new Date(current.claims.exp * 1000));
        for (const erase of erasers) {
          const removeFiles = await erase(tx, current.user.id);
          if (removeFiles) afterCommit.push(removeFiles);
        }
      });
      const results = await Promise.allSettled(afterCommit.map((removeFiles) => removeFiles()));
      for (const result of results) {
        if (result.status === 'rejected')
          log?.warn({ err: result.reason, userId: current.user.id }, 'a file of a deleted account was not removed');
      }
    },
  };
}
