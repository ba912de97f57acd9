import { describe, expect, it, vi } from 'vitest';

const notifyError = vi.fn();
vi.mock('../ui/notify', () => ({ notifyError: (code: string) => notifyError(code) }));

const { mergeAnonymousMarker } = await import('./anonymous');

const GUEST = '0b7c3c1e-1111-4222-8333-444455556666';
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

describe('anonymous merge: the guest marker and its merge on sign-in', () => {
  it('keeps the marker and toasts MERGE_USER_ID_ERROR when the support merge fails', async () => {
    localStorage.setItem('tempUserId', GUEST);
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementationOnce(async () => json(200, { data: { result: true } }))
      .mockImplementationOnce(async () => json(500, { code: 'INTERNAL', message: 'x' }));
    await mergeAnonymousMarker();
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/auth/merge-anonymous', '/api/support/merge-user-id']);
    expect(notifyError).toHaveBeenCalledWith('MERGE_USER_ID_ERROR');
    expect(localStorage.getItem('tempUserId')).toBe(GUEST);
    fetchMock.mockRestore();
  });

  it('treats an answer without result as a failure', async () => {
    localStorage.setItem('tempUserId', GUEST);
    notifyError.mockClear();
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementationOnce(async () => json(200, { data: { result: true } }))
      .mockImplementationOnce(async () => json(200, { data: {} }));
    await mergeAnonymousMarker();
    expect(notifyError).toHaveBeenCalledWith('MERGE_USER_ID_ERROR');
    expect(localStorage.getItem('tempUserId')).toBe(GUEST);
    fetchMock.mockRestore();
  });
});
