import type { UserRow } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AuthService, AuthUser } from '../auth/service.ts';
import { createAuthRepository } from '../auth/repository.ts';
import { createUsersRepository } from './repository.ts';

export type UsersServiceDeps = { auth: AuthService };

/** Profile rules: names of spec section 5, and deletion that really removes personal data. */
export function createUsersService({ auth }: UsersServiceDeps) {
  return {
    async updateNames(userId: string, name: string, lastName: string): Promise<UserRow> {
      const updated = await auth.users.updateNames(userId, name, lastName);
      if (!updated) throw new AppError('NOT_FOUND', 404, 'No such player');
      return updated;
    },

    async deleteAccount(current: AuthUser): Promise<void> {
      const email = current.user.email;
      await auth.db.transaction(async (tx) => {
        await createUsersRepository(tx).erase(current.user.id, new Date());
        const repo = createAuthRepository(tx);
        if (email) await repo.deleteCodesOf(email);
        await repo.revoke(current.claims.jti, new Date(current.claims.exp * 1000));
      });
    },
  };
}
