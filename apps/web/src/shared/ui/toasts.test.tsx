import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { notify } from './notify';
import { Toasts } from './toasts';

describe('Toasts', () => {
  it('loads the toast host on the first toast and shows what was asked before it came', async () => {
    render(<Toasts />);
    expect(document.querySelector('.Toastify')).toBeNull();
    act(() => notify({ kind: 'error', text: 'Could not load the games.', id: 'GET_GAMES_DATA_ERROR' }));
    expect(await screen.findByText('Could not load the games.')).toBeTruthy();
    act(() => notify({ kind: 'error', text: 'Could not load the games.', id: 'GET_GAMES_DATA_ERROR' }));
    expect(screen.getAllByText('Could not load the games.')).toHaveLength(1);
  });
});
