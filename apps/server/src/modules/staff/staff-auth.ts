import type { FastifyRequest } from 'fastify';
import type { TStaffRole } from '@portal/contracts/staff';
import { AppError } from '../../lib/app-error.ts';
import type { StaffMember, StaffService } from './service.ts';

/**
 * Staff authentication for other modules (the support inbox): a preHandler per role and the
 * member it admitted. Admin passes every role; a player token is never a staff token.
 */
export interface StaffAuthenticator {
  requireStaff(role: TStaffRole): (request: FastifyRequest) => Promise<void>;
  /** The admitted member's id; throws when the route has no `requireStaff` before it. */
  staffId(request: FastifyRequest): string;
  member(request: FastifyRequest): StaffMember | undefined;
}

export function createStaffAuth(staff: StaffService): StaffAuthenticator {
  const admitted = new WeakMap<FastifyRequest, StaffMember>();
  return {
    requireStaff: (role) => async (request) => {
      const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
      if (!match?.[1]) throw new AppError('UNAUTHORIZED', 401, 'Staff sign-in required');
      const member = await staff.authenticate(match[1]);
      if (member.role !== 'admin' && member.role !== role) throw new AppError('FORBIDDEN', 403, `Needs the ${role} role`);
      admitted.set(request, member);
    },
    staffId(request) {
      const member = admitted.get(request);
      if (!member) throw new AppError('UNAUTHORIZED', 401, 'Staff sign-in required');
      return member.id;
    },
    member: (request) => admitted.get(request),
  };
}
