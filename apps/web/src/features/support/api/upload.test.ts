import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/shared/api/client';
import { postMultipart, supportFormData } from './upload';

type Listener = (event: ProgressEvent | Event) => void;

/** Enough of XMLHttpRequest to drive postMultipart: the test plays the network. */
class FakeXhr {
  static last: FakeXhr;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  statusText = '';
  responseText = '';
  private listeners = new Map<string, Listener[]>();
  private uploadListeners = new Map<string, Listener[]>();
  upload = {
    addEventListener: (type: string, listener: Listener) =>
      this.uploadListeners.set(type, [...(this.uploadListeners.get(type) ?? []), listener]),
  };
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  addEventListener(type: string, listener: Listener) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.fire('abort');
    this.fire('loadend');
  }
  progress(loaded: number, total: number) {
    const event = { lengthComputable: true, loaded, total } as ProgressEvent;
    this.uploadListeners.get('progress')?.forEach((listener) => listener(event));
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.fire('load');
    this.fire('loadend');
  }
  fire(type: string) {
    this.listeners.get(type)?.forEach((listener) => listener(new Event(type)));
  }
}

afterEach(() => vi.unstubAllGlobals());

describe('postMultipart', () => {
  it('sends the product headers, reports upload progress and resolves with data', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    localStorage.setItem('tempUserId', '0b7c3c1e-1111-4222-8333-444455556666');
    const progress = vi.fn();
    const image = new File([new Uint8Array([1, 2, 3])], 'a.png', { type: 'image/png' });
    const form = supportFormData({ title: 'T', text: '<p>x</p>' }, { image });
    const done = postMultipart<{ id: string }>('/api/support/create-ticket', form, progress);
    const xhr = FakeXhr.last;
    expect(xhr.method).toBe('POST');
    expect(xhr.headers['temp-user-id']).toBe('0b7c3c1e-1111-4222-8333-444455556666');
    expect(xhr.headers['content-type']).toBeUndefined();
    expect(xhr.body).toBe(form);
    expect(JSON.parse(String(form.get('data')))).toEqual({ title: 'T', text: '<p>x</p>' });
    expect((form.get('image') as File).name).toBe('a.png');
    xhr.progress(40, 100);
    xhr.progress(100, 100);
    expect(progress.mock.calls).toEqual([
      [40, 100],
      [100, 100],
    ]);
    xhr.answer(200, { data: { id: 't1' } });
    await expect(done).resolves.toEqual({ id: 't1' });
  });

  it('turns an error body into ApiError with its code and status', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const done = postMultipart('/api/support/send-message', new FormData());
    FakeXhr.last.answer(409, { code: 'TICKET_CLOSED', message: 'HttpException: TICKET_CLOSED' });
    await expect(done).rejects.toMatchObject({ code: 'TICKET_CLOSED', status: 409, message: 'HttpException: TICKET_CLOSED' });
    await expect(done).rejects.toBeInstanceOf(ApiError);
  });

  it('reports a network failure and an answer without data', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const failed = postMultipart('/x', new FormData());
    FakeXhr.last.fire('error');
    await expect(failed).rejects.toMatchObject({ code: 'NETWORK_ERROR', status: 0 });
    const empty = postMultipart('/x', new FormData());
    FakeXhr.last.answer(200, 'not json');
    await expect(empty).rejects.toMatchObject({ code: 'BAD_RESPONSE' });
  });

  it('aborts with the signal', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const controller = new AbortController();
    const done = postMultipart('/x', new FormData(), undefined, controller.signal);
    controller.abort();
    await expect(done).rejects.toMatchObject({ name: 'AbortError' });
  });
});
