import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { notify } from './notify';
import { Toasts } from './toasts';

describe('Toasts', () => {
  it('loads the toast host on the first toast and shows what was asked before it came', async () => {
    render(<Toasts autoClose={2000} />);
    expect(document.querySelector('.Toastify')).toBeNull();
    act(() => notify({ kind: 'error', text: 'Could not load the games.', id: 'GET_GAMES_DATA_ERROR' }));
    expect(await screen.findByText('Could not load the games.')).toBeInTheDocument();
    act(() => notify({ kind: 'error', text: 'Could not load the games.', id: 'GET_GAMES_DATA_ERROR' }));
    expect(screen.getAllByText('Could not load the games.')).toHaveLength(1);
  });

  it('closes toasts after the time it is given (2 s on the portal, 5 s on service screens)', async () => {
    render(<Toasts autoClose={5000} />);
    act(() => notify({ kind: 'info', text: 'Saved for five seconds.', id: 'five' }));
    const toast = await screen.findByText('Saved for five seconds.');
    const bar = toast.closest('.Toastify__toast')?.querySelector<HTMLElement>('.Toastify__progress-bar');
    expect(bar?.style.animationDuration).toBe('5000ms');
  });
});
