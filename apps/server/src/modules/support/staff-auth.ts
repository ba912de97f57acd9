import type { FastifyReply, FastifyRequest } from 'fastify';

export type StaffRole = 'support' | 'admin';

/**
 * What support needs from staff accounts (the staff module owns them): a preHandler that
 * admits staff of a role (401/403 otherwise) and the id of the member it admitted.
 */
export interface StaffAuth {
  requireStaff(role: StaffRole): (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  staffId(request: FastifyRequest): string;
}

/** True when the request carries valid staff credentials; never throws. */
export async function isStaffRequest(auth: StaffAuth | undefined, request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
  if (!auth) return false;
  try {
    await auth.requireStaff('support')(request, reply);
    return true;
  } catch {
    return false;
  }
}
