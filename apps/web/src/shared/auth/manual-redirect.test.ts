import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, setupI18n } from '@/test/render';
import { ApiError } from '../api/client';
import { setNavigate } from '../navigation';
import { toastStore } from '../ui/notify';
import { manualRedirectToAuth, needsManualRedirect } from './manual-redirect';

const SESSION = '5f0c8a52-8a8f-4b0c-9f7e-0d6f3c1d2e4a';
const config = (authType: string) => ({
  body: {
    data: {
      projects: { name: 'familytown', authType, authMethods: [], paymentsMethods: [], extra: [] },
      mainData: { projectName: 'familytown', outOfCatalog: false },
      knownProjects: [],
      allowedOrigins: [],
    },
  },
});
const navigate = vi.fn();
const shown: { kind: string; text: string }[] = [];

beforeEach(async () => {
  await setupI18n('en');
  navigate.mockReset();
  shown.length = 0;
  setNavigate(navigate);
  toastStore.attach((request) => shown.push(request));
});

afterEach(() => {
  setNavigate(null);
  vi.restoreAllMocks();
});

describe('manualRedirectToAuth', () => {
  it('opens the login screen of a new session for a postMessage project', async () => {
    const fetch = mockApi({
      '/api/control/get-initial-config': config('postMessage'),
      '/api/session/get': {
        body: { data: { session: SESSION, loginUrl: `http://portal.test/session/login/${SESSION}/web/en/familytown` } },
      },
    });
    await manualRedirectToAuth({ project: 'familytown' });
    expect(navigate).toHaveBeenCalledWith(`/session/login/${SESSION}/web/en/familytown`, { replace: true });
    const sessionCall = fetch.mock.calls.find(([url]) => String(url) === '/api/session/get');
    expect(JSON.parse(String(sessionCall?.[1]?.body))).toEqual({ source: 'web', locale: 'en', project: 'familytown' });
    expect(shown).toEqual([]);
  });

  it('shows MANUAL_REDIRECT_ERROR when no session can be made', async () => {
    mockApi({
      '/api/control/get-initial-config': config('redirect'),
      '/api/session/get': { status: 503, body: { code: 'INTERNAL_ERROR', message: 'down' } },
    });
    await manualRedirectToAuth({ project: 'familytown' });
    expect(navigate).not.toHaveBeenCalled();
    expect(shown).toEqual([expect.objectContaining({ kind: 'error', text: 'Could not return you to the sign-in page.' })]);
  });

  it('shows MANUAL_REDIRECT_UNKNOWN_AUTH_TYPE for a delivery type it does not know', async () => {
    // A delivery type newer than this client: outside the contract on purpose.
    mockApi({ '/api/control/get-initial-config': config('carrier-pigeon') }, { offContract: true });
    await manualRedirectToAuth({ project: 'familytown' });
    expect(navigate).not.toHaveBeenCalled();
    expect(shown).toEqual([expect.objectContaining({ kind: 'error', text: 'Unknown sign-in delivery type.' })]);
  });

  it('leaves a 401 to its own reaction', () => {
    expect(needsManualRedirect(new ApiError('UNAUTHORIZED', 'no', 401))).toBe(false);
    expect(needsManualRedirect(new ApiError('INTERNAL_ERROR', 'down', 500))).toBe(true);
    expect(needsManualRedirect(new ApiError('NETWORK_ERROR', 'offline', 0))).toBe(true);
  });
});
