import { fireEvent, render } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TTicketMessage } from '@portal/contracts/support';
import { setupI18n } from '@/test/render';
import { MessageItem } from './message-item';

const notifyError = vi.fn();
vi.mock('@/shared/ui/notify', () => ({ notifyError: (code: string) => notifyError(code) }));

const message = (token: string): TTicketMessage => ({
  id: 'm1',
  isUserMsg: true,
  text: '',
  image: { path: `/api/support/files/a.png?t=${token}` },
  video: { path: `/api/support/files/b.mp4?t=${token}` },
  createTs: '2026-11-20T10:00:00.000Z',
  isAutomated: false,
  author: 'user',
});

describe('MessageItem attachments', () => {
  beforeAll(() => setupI18n());
  beforeEach(() => notifyError.mockClear());

  it('keeps the first signed links across polls (a playing video does not restart) and takes fresh ones when they fail', () => {
    const { container, rerender } = render(<MessageItem message={message('1.a')} />);
    const video = () => container.querySelector('video')!;
    const img = () => container.querySelector('img')!;
    rerender(<MessageItem message={message('2.b')} />);
    expect(video().getAttribute('src')).toBe('/api/support/files/b.mp4?t=1.a');
    expect(img().getAttribute('src')).toBe('/api/support/files/a.png?t=1.a');

    // The held link expired: the element fails, takes the latest one, and nothing is shown.
    fireEvent.error(video());
    fireEvent.error(img());
    expect(video().getAttribute('src')).toBe('/api/support/files/b.mp4?t=2.b');
    expect(img().getAttribute('src')).toBe('/api/support/files/a.png?t=2.b');
    expect(notifyError).not.toHaveBeenCalled();

    // The latest link failing is a real error.
    fireEvent.error(video());
    fireEvent.error(img());
    expect(notifyError.mock.calls).toEqual([['ERROR_LOADING_VIDEO'], ['ERROR_LOADING_IMAGE']]);
  });
});
