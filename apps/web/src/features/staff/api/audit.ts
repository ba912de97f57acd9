import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { TAuditEntry } from '@portal/contracts/catalog-console';
import { staffApi } from '../staff-paths';
import { staffData } from './staff-request';
import { staffKeys } from './keys';

/** Entries per page of the audit log. */
export const AUDIT_PAGE_SIZE = 50;

export interface AuditFilter {
  targetType: string;
  targetId: string;
}

/** GET /api/staff/audit (admin): newest first; `before` (an entry id) pages on to older ones. */
export const getAudit = (filter: AuditFilter, before: number | undefined, signal?: AbortSignal) =>
  staffData<TAuditEntry[]>(
    staffApi.audit({ targetType: filter.targetType, targetId: filter.targetId.trim(), before, limit: AUDIT_PAGE_SIZE }),
    { signal },
  );

export const auditQueryOptions = (filter: AuditFilter) =>
  infiniteQueryOptions({
    queryKey: staffKeys.audit(filter.targetType, filter.targetId.trim()),
    queryFn: ({ pageParam, signal }) => getAudit(filter, pageParam, signal),
    initialPageParam: undefined as number | undefined,
    // A short page is the last one; otherwise the next page starts below its oldest entry.
    getNextPageParam: (page) => (page.length < AUDIT_PAGE_SIZE ? undefined : page[page.length - 1]?.id),
    staleTime: 0,
  });

export const useAudit = (filter: AuditFilter, enabled: boolean) => useInfiniteQuery({ ...auditQueryOptions(filter), enabled });
