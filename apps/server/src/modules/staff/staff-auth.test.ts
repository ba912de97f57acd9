import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp } from '../../../test/app.ts';
import { makePlayer } from '../payments/testing/helpers.ts';
import { createStaffAuth } from './staff-auth.ts';

const request = (authorization?: string) => ({ headers: authorization ? { authorization } : {} }) as unknown as FastifyRequest;

describe('staff auth for other modules', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({ JOB_POLL_INTERVAL_MS: '3600000' });
  });
  afterAll(() => app.close());

  it('admits staff by role (admin passes every role) and refuses players and strangers', async () => {
    const staff = app.staff.service;
    const agent = await staff.createAccount('agent-auth@portal.example', 'agent-password-1', 'support');
    const boss = await staff.createAccount('boss-auth@portal.example', 'boss-password-1', 'admin');
    const auth = createStaffAuth(staff);
    const agentToken = `Bearer ${await staff.login('agent-auth@portal.example', 'agent-password-1')}`;
    const bossToken = `Bearer ${await staff.login('boss-auth@portal.example', 'boss-password-1')}`;

    const asAgent = request(agentToken);
    await auth.requireStaff('support')(asAgent);
    expect(auth.staffId(asAgent)).toBe(agent.id);
    await expect(auth.requireStaff('admin')(request(agentToken))).rejects.toMatchObject({ statusCode: 403 });
    const asBoss = request(bossToken);
    await auth.requireStaff('support')(asBoss);
    expect(auth.staffId(asBoss)).toBe(boss.id);

    const player = await makePlayer(app);
    await expect(auth.requireStaff('support')(request(player.auth.authorization))).rejects.toMatchObject({ statusCode: 401 });
    await expect(auth.requireStaff('support')(request())).rejects.toMatchObject({ statusCode: 401 });
    expect(() => auth.staffId(request())).toThrow();

    // The non-throwing check that file links use: any role, never a player.
    expect(await auth.isStaff(request(agentToken))).toBe(true);
    expect(await auth.isStaff(request(player.auth.authorization))).toBe(false);
    expect(await auth.isStaff(request('Bearer not-a-token'))).toBe(false);
    expect(await auth.isStaff(request())).toBe(false);
  });
});
