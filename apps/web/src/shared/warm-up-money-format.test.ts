import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MONEY_LOCALES } from '@portal/contracts/format';

/** A stand-in for the browser's Worker that records how it was made and what it was told. */
class FakeWorker extends EventTarget {
  static made: FakeWorker[] = [];
  terminated = false;
  constructor(
    readonly url: string,
    readonly options: WorkerOptions,
  ) {
    super();
    FakeWorker.made.push(this);
  }
  terminate() {
    this.terminated = true;
  }
}

// The module remembers that it started; each test loads it anew.
const load = async () => await import('./warm-up-money-format');

describe('warmUpMoneyFormat', () => {
  const blobs = new Map<string, Blob>();
  const revoked: string[] = [];

  beforeEach(() => {
    vi.resetModules();
    FakeWorker.made = [];
    blobs.clear();
    revoked.length = 0;
    vi.stubGlobal('Worker', FakeWorker);
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      const url = `blob:test/${blobs.size}`;
      blobs.set(url, blob as Blob);
      return url;
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation((url) => void revoked.push(url));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('runs its program on a worker once per page and ends it when it is done', async () => {
    const { warmUpMoneyFormat, WARM_UP_PROGRAM } = await load();

    warmUpMoneyFormat();
    warmUpMoneyFormat();

    expect(FakeWorker.made).toHaveLength(1);
    const [worker] = FakeWorker.made;
    expect(await blobs.get(worker!.url)?.text()).toBe(WARM_UP_PROGRAM);
    expect(worker!.terminated).toBe(false);
    worker!.dispatchEvent(new MessageEvent('message', { data: 'ready' }));
    expect(worker!.terminated).toBe(true);
    expect(revoked).toEqual([worker!.url]);
  });

  it('formats in every money locale, then says it is ready', async () => {
    const { WARM_UP_PROGRAM } = await load();
    const locales: string[] = [];
    const posted: unknown[] = [];
    const NumberFormat = class extends Intl.NumberFormat {
      constructor(locale: string) {
        super(locale);
        locales.push(locale);
      }
    };

    // The program as the worker runs it, with its two globals observed.
    new Function('Intl', 'postMessage', WARM_UP_PROGRAM)({ NumberFormat }, (message: unknown) => posted.push(message));

    expect(locales).toEqual(Object.values(MONEY_LOCALES));
    expect(posted).toEqual(['ready']);
  });

  it('ends the worker when its program fails', async () => {
    const { warmUpMoneyFormat } = await load();

    warmUpMoneyFormat();
    FakeWorker.made[0]!.dispatchEvent(new Event('error'));

    expect(FakeWorker.made[0]!.terminated).toBe(true);
  });

  it('leaves the work to the first price where workers are missing or refused', async () => {
    vi.stubGlobal('Worker', undefined);
    (await load()).warmUpMoneyFormat();
    expect(URL.createObjectURL).not.toHaveBeenCalled();

    vi.resetModules();
    vi.stubGlobal(
      'Worker',
      class {
        constructor() {
          throw new DOMException('refused by the page policy', 'SecurityError');
        }
      },
    );
    const { warmUpMoneyFormat } = await load();
    expect(() => warmUpMoneyFormat()).not.toThrow();
    expect(revoked).toHaveLength(1);
  });
});
