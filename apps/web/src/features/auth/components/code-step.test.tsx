import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderRoutes, setupI18n } from '@/test/render';
import { CodeStep } from './code-step';
import { changeValue } from '@/test/change-value';

const captcha = { required: false, key: 0, blocks: false, onChange: () => undefined };

function renderStep() {
  return renderRoutes(
    [
      {
        path: '/',
        element: (
          <CodeStep
            email="me@example.com"
            purpose="registration"
            flowToken={'t'.repeat(43)}
            resendAfterSeconds={61}
            captcha={captcha}
            submitLabel="Confirm"
            onSubmit={async () => undefined}
            onInvalidCode={() => undefined}
            onBack={() => undefined}
          />
        ),
      },
    ],
    '/',
  );
}

const flush = () =>
  act(async () => {
    for (let i = 0; i < 5; i += 1) await Promise.resolve();
  });

describe('code step resend', () => {
  beforeEach(async () => {
    await setupI18n('en');
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => vi.useRealTimers());

  it('waits for the countdown, then resends, empties the code and restarts from the server seconds', async () => {
    const fetchMock = mockApi({
      '/api/auth/resend-code': { body: { data: { result: true, resendAfterSeconds: 30, codeTtlSeconds: 600 } } },
    });
    renderStep();
    const resend = screen.getByRole('button', { name: 'Send the code again' }) as HTMLButtonElement;
    expect(screen.getByText('New code in 01:01')).toBeInTheDocument();
    expect(resend.disabled).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(screen.getByText('New code in 00:01')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(screen.getByText('You can send the code again')).toBeInTheDocument();
    expect(resend.disabled).toBe(false);

    const code = screen.getByLabelText('Code from the e-mail') as HTMLInputElement;
    changeValue(code, '123');
    fireEvent.click(resend);
    await vi.waitFor(() => expect(screen.getByText('New code in 00:30')).toBeInTheDocument());
    await flush();
    expect(code.value).toBe('');
    expect(resend.disabled).toBe(true);
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url) === '/api/auth/resend-code')!;
    expect(JSON.parse(String(init!.body))).toEqual({ email: 'me@example.com', purpose: 'registration', flowToken: 't'.repeat(43) });
  });

  it('a too-early resend (429) restarts the countdown from retryAfter', async () => {
    mockApi({ '/api/auth/resend-code': { status: 429, body: { code: 'RATE_LIMITED', message: 'wait', retryAfter: 42 } } });
    renderStep();
    await act(() => vi.advanceTimersByTimeAsync(61_000));
    fireEvent.click(screen.getByRole('button', { name: 'Send the code again' }));
    await vi.waitFor(() => expect(screen.getByText('New code in 00:42')).toBeInTheDocument());
  });
});
