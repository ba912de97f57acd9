import type { FastifyRequest } from 'fastify';
import type { TStaffRole } from '@portal/contracts/staff';

/** The staff member a request was admitted as. */
export interface StaffPrincipal {
  id: string;
  email: string;
  role: TStaffRole;
}

/**
 * Staff authentication as the routes of every module use it (the staff module implements it):
 * `requireStaff(...roles)` is a preHandler that admits a staff token of one of the roles (admin
 * passes every role) or answers 401/403, and sets `request.staff`. A player token is never a staff
 * token.
 */
export interface StaffAuth {
  requireStaff(...roles: [TStaffRole, ...TStaffRole[]]): (request: FastifyRequest) => Promise<void>;
  /** The admitted member's id; 401 when the route has no `requireStaff` before it. */
  staffId(request: FastifyRequest): string;
  /** Whether the request carries a valid staff token of any role; never throws. */
  isStaff(request: FastifyRequest): Promise<boolean>;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The staff member `requireStaff(role)` admitted, else null. */
    staff: StaffPrincipal | null;
  }
}
