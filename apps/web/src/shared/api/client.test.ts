import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiGet, setRequestContext } from './client';
import { STORAGE_KEYS } from '../storage-keys';

function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

describe('api client', () => {
  afterEach(() => localStorage.clear());

  it('returns data and sends the product headers', async () => {
    localStorage.setItem(STORAGE_KEYS.accessToken, 'tok');
    localStorage.setItem(STORAGE_KEYS.session, 'ses');
    localStorage.setItem(STORAGE_KEYS.tempUserId, 'tmp');
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValue(answer(200, { data: [1, 2] }));
    await expect(apiGet<number[]>('/api/x')).resolves.toEqual([1, 2]);
    const headers = fetchMock.mock.calls[0]![1]!.headers as Headers;
    expect(headers.get('accept')).toBe('application/json');
    expect(headers.get('frontend-language')).toBeTruthy();
    expect(headers.get('authorization')).toBe('Bearer tok');
    expect(headers.get('session')).toBe('ses');
    expect(headers.get('temp-user-id')).toBe('tmp');
  });

  it('a jwt handed in by the host (request context) goes before the stored token', async () => {
    localStorage.setItem(STORAGE_KEYS.accessToken, 'stored');
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => answer(200, { data: 1 }));
    setRequestContext({ jwt: 'from-host' });
    await apiGet('/api/x');
    setRequestContext({ jwt: null });
    await apiGet('/api/x');
    const sent = fetchMock.mock.calls.map((call) => (call[1]!.headers as Headers).get('authorization'));
    expect(sent).toEqual(['Bearer from-host', 'Bearer stored']);
    fetchMock.mockRestore();
  });

  it('throws ApiError with the server code', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(answer(404, { code: 'GAME_NOT_FOUND', message: 'no' }));
    const error = await apiGet('/api/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('GAME_NOT_FOUND');
    expect((error as ApiError).status).toBe(404);
  });
});
