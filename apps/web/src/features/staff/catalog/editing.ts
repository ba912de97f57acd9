import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { useBlocker } from 'react-router';
import type { z } from 'zod';
import { ApiError } from '@/shared/api/client';

/** Field messages of a form, by field path (`ruValue`, `webPage.iframeUrl`). */
export type FieldErrors = Record<string, string>;

/** Which field a refusal with its own code is about. */
const FIELD_OF_CODE: Record<string, string> = {
  HOST_NAME_TAKEN: 'hostNames',
  PROJECT_EXISTS: 'name',
  CONFLICT: 'id',
};

/**
 * The field messages of a refused save: a 400 names its field first ("body.ruValue: ..."), a taken
 * name or host name is about that field. Anything else answers `null` (a message for the whole form).
 */
export function fieldErrorsOf(error: unknown): FieldErrors | null {
  if (!(error instanceof ApiError)) return null;
  const field = FIELD_OF_CODE[error.code];
  if (field) return { [field]: error.message };
  if (error.status !== 400) return null;
  const match = /^body\.([\w.]+):\s*(.+)$/s.exec(error.message);
  return match ? { [match[1]!]: match[2]! } : null;
}

/** The record someone else saved, when a save was refused as stale (409 EDIT_CONFLICT). */
export function conflictOf<T>(error: unknown): T | null {
  if (error instanceof ApiError && error.status === 409 && error.code === 'EDIT_CONFLICT' && error.body.current) {
    return error.body.current as T;
  }
  return null;
}

/** Client-side contract checks: the first message of each field path. */
export function zodFieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.');
    errors[key] ??= issue.message;
  }
  return errors;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * One record in an editor: the version it was loaded at (`base`), the editor's copy (`draft`),
 * and the other person's record when a save was refused as stale. Nothing typed is dropped
 * unless the user asks for their version.
 */
export function useRecordEditor<T extends { version: number }, D>(record: T, toDraft: (record: T) => D) {
  const [base, setBase] = useState(record);
  const [draft, setDraft] = useState(() => toDraft(record));
  const [conflict, setConflict] = useState<T | null>(null);
  const dirty = !same(draft, toDraft(base));
  return {
    base,
    draft,
    setDraft,
    dirty,
    conflict,
    setConflict,
    /** After a save: the saved record is the new starting point. */
    saved(next: T) {
      setBase(next);
      setDraft(toDraft(next));
      setConflict(null);
    },
    /** Replaces the editor's copy with the record someone else saved. */
    loadTheirs() {
      if (!conflict) return;
      setBase(conflict);
      setDraft(toDraft(conflict));
      setConflict(null);
    },
    /** Keeps the editor's copy; the next save replaces the other person's version. */
    keepMine() {
      if (!conflict) return;
      setBase(conflict);
      setConflict(null);
    },
  };
}

type DirtyRegistry = { report: (key: string, dirty: boolean) => void };
const DirtyContext = createContext<DirtyRegistry | null>(null);
export const DirtyProvider = DirtyContext.Provider;

/** Tells the page's leave guard whether this form holds unsaved changes. */
export function useReportDirty(key: string, dirty: boolean) {
  const registry = useContext(DirtyContext);
  useEffect(() => {
    registry?.report(key, dirty);
    return () => registry?.report(key, false);
  }, [registry, key, dirty]);
}

/**
 * A page's guard against leaving unsaved changes: in-app navigation asks first (the data
 * router's blocker), and closing or reloading the tab gets the browser's own warning.
 */
export function useLeaveGuard(message: string) {
  const [dirtyKeys, setDirtyKeys] = useState<ReadonlySet<string>>(new Set());
  // Read by the blocker when a navigation starts: a form that saved and navigates in the same
  // commit has already reported itself clean here, before this page renders again.
  const dirtyNow = useRef(new Set<string>());
  const report = useCallback((key: string, dirty: boolean) => {
    if (dirty) dirtyNow.current.add(key);
    else dirtyNow.current.delete(key);
    setDirtyKeys((keys) => {
      if (keys.has(key) === dirty) return keys;
      const next = new Set(keys);
      if (dirty) next.add(key);
      else next.delete(key);
      return next;
    });
  }, []);
  const registry = useMemo(() => ({ report }), [report]);
  const dirty = dirtyKeys.size > 0;

  const blocker = useBlocker(
    useCallback(
      ({ currentLocation, nextLocation }: { currentLocation: { pathname: string }; nextLocation: { pathname: string } }) =>
        dirtyNow.current.size > 0 && currentLocation.pathname !== nextLocation.pathname,
      [],
    ),
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm(message)) blocker.proceed();
    else blocker.reset();
  }, [blocker, message]);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  return { registry, dirty };
}
