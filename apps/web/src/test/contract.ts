import { z } from 'zod';
import { ZGameRecord, ZInitialConfig, ZPriceItem, ZSingleGameData } from '@portal/contracts/control';
import { ZProfile } from '@portal/contracts/auth';
import { ZGetTicketsResponse, ZStaffTicketListItem, ZTicket, ZUnreadCountResponse } from '@portal/contracts/support';
import { ZStaffAccount, ZStaffMe, ZStaffProjectName } from '@portal/contracts/staff';
import { ZMoneyPaymentsPage, ZRevenueReport } from '@portal/contracts/money-console';

const dataOf = <T extends z.ZodType>(schema: T) => z.object({ data: schema });

/** The success body each stubbed route must answer, by pathname (the schemas of `@portal/contracts`). */
const CONTRACTS: Record<string, z.ZodType> = {
  '/api/control/get-initial-config': dataOf(ZInitialConfig),
  '/api/control/get-games-data': dataOf(z.array(ZGameRecord)),
  '/api/control/get-game-data': dataOf(ZGameRecord),
  '/api/control/get-single-game-data': dataOf(ZSingleGameData),
  '/api/control/get-prices': dataOf(z.array(ZPriceItem)),
  '/api/user/get-profile': dataOf(ZProfile),
  '/api/support/get-tickets': dataOf(ZGetTicketsResponse),
  '/api/support/get-ticket': dataOf(ZTicket),
  '/api/support/get-support-unread-message-count': dataOf(ZUnreadCountResponse),
  '/api/staff/me': dataOf(ZStaffMe),
  '/api/staff/accounts': dataOf(z.array(ZStaffAccount)),
  '/api/staff/projects': dataOf(z.array(ZStaffProjectName)),
  '/api/staff/tickets': dataOf(z.array(ZStaffTicketListItem)),
  '/api/staff/money/payments': dataOf(ZMoneyPaymentsPage),
  '/api/staff/money/revenue': dataOf(ZRevenueReport),
};

const mismatches: string[] = [];

/** Records a stubbed success answer whose body the route's contract schema refuses. */
export function checkStubAnswer(url: string, status: number, body: unknown): void {
  if (status < 200 || status >= 300) return;
  const pathname = new URL(url, 'http://localhost').pathname;
  const schema = CONTRACTS[pathname];
  if (!schema) return;
  const result = schema.safeParse(body);
  if (!result.success) mismatches.push(`${pathname}: ${z.prettifyError(result.error)}`);
}

/** Fails the test that stubbed an answer its route's contract refuses (called after each test). */
export function assertStubsMatchContracts(): void {
  if (mismatches.length === 0) return;
  const found = mismatches.splice(0);
  throw new Error(`A stubbed answer does not match its contract:\n${found.join('\n')}`);
}
