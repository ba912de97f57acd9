import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import type { StaffAuth } from '../../lib/staff-auth.ts';
import type { StaffService } from './service.ts';

const bearerOf = (request: FastifyRequest): string | undefined => /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')?.[1];

/** The one staff authentication: a staff token read on every call (roles, sign-outs apply at once). */
export function createStaffAuth(staff: StaffService): StaffAuth {
  return {
    requireStaff:
      (...roles) =>
      async (request) => {
        const token = bearerOf(request);
        if (!token) throw new AppError('UNAUTHORIZED', 401, 'Staff sign-in required');
        const member = await staff.authenticate(token);
        if (member.role !== 'admin' && !roles.includes(member.role)) {
          throw new AppError('FORBIDDEN', 403, `Needs the ${roles.join(' or ')} role`);
        }
        request.staff = member;
      },
    staffId(request) {
      if (!request.staff) throw new AppError('UNAUTHORIZED', 401, 'Staff sign-in required');
      return request.staff.id;
    },
    async isStaff(request) {
      const token = bearerOf(request);
      if (!token) return false;
      try {
        request.staff = await staff.authenticate(token);
        return true;
      } catch {
        return false;
      }
    },
  };
}
