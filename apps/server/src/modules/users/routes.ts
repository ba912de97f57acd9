import {
  SIGNED_OUT_USER_AUTH_DATA,
  ZDeleteAccountBody,
  ZOkAnswer,
  ZProfile,
  ZUpdateProfileBody,
  ZUserAuthData,
  type TProfile,
} from '@portal/contracts/auth';
import { ZApiError } from '@portal/contracts/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { UserRow } from '../../db/schema.ts';
import { currentUser } from '../auth/auth-hook.ts';
import type { AuthService } from '../auth/service.ts';
import { createUsersService, type PersonalDataEraser } from './service.ts';

export type UserRoutesOptions = {
  auth: AuthService;
  /** Filled by the modules that hold personal data (they are made after these routes). */
  erasers?: readonly PersonalDataEraser[];
};

const tags = ['user'];
const data = <T extends z.ZodType>(schema: T) => z.object({ data: schema });
const errors = { 400: ZApiError, 401: ZApiError, 404: ZApiError };

const toProfile = (user: UserRow): TProfile => ({
  userId: user.id,
  nickName: user.nickName,
  name: user.name,
  lastName: user.lastName,
  email: user.email,
  currentAuthType: user.currentAuthType,
});

/** The signed-in player's own data, under /api/user. */
export const userRoutes: FastifyPluginAsyncZod<UserRoutesOptions> = async (app, { auth, erasers = [] }) => {
  const service = createUsersService({ auth, erasers, log: app.log });

  app.get(
    '/user/me',
    {
      // Who is signed in, nothing more: a host's token may ask too (the embedded screens' header).
      preHandler: app.optionalEmbeddedUser,
      schema: { tags, summary: 'User auth data (unauthorized without a token)', response: { 200: data(ZUserAuthData), ...errors } },
    },
    async (request) => {
      const user = request.user?.user;
      return {
        data: user ? { userId: user.id, nickName: user.nickName, currentAuthType: user.currentAuthType } : SIGNED_OUT_USER_AUTH_DATA,
      };
    },
  );

  app.get(
    '/user/get-profile',
    {
      preHandler: app.requireUser,
      schema: { tags, summary: 'Profile of the signed-in player', response: { 200: data(ZProfile), ...errors } },
    },
    async (request) => ({ data: toProfile(currentUser(request).user) }),
  );

  app.post(
    '/user/update-profile',
    {
      preHandler: app.requireUser,
      schema: { tags, summary: 'Change name and last name', body: ZUpdateProfileBody, response: { 200: data(ZProfile), ...errors } },
    },
    async (request) => {
      const updated = await service.updateNames(currentUser(request).user.id, request.body.name, request.body.lastName);
      return { data: toProfile(updated) };
    },
  );

  app.post(
    '/user/delete-account',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'Remove personal data and revoke tokens',
        body: ZDeleteAccountBody,
        response: { 200: data(ZOkAnswer), ...errors },
      },
    },
    async (request) => {
      await service.deleteAccount(currentUser(request));
      return { data: { result: true as const } };
    },
  );
};
