import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthStoreProvider } from '../lib/auth/auth-context';
import { createAuthStore } from '../lib/auth/auth-store';
import { UNDO_SECONDS, UndoToast } from './undo-toast';

const acme = { serviceUrl: '', apiKey: 'svc_live_acme0000000000000000000001' };

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => vi.useRealTimers());

function renderToast() {
  const store = createAuthStore();
  render(
    <AuthStoreProvider store={store}>
      <UndoToast />
      <button type="button">Elsewhere</button>
    </AuthStoreProvider>,
  );
  return store;
}

describe('UndoToast', () => {
  it('announces the offer, takes focus, and Undo puts the workspace back', async () => {
    const store = renderToast();
    const workspace = store.connect(acme, { remember: true, name: 'Acme' });
    act(() => store.forget(workspace.id, 'Acme'));
    const region = screen.getByRole('region', { name: 'Notifications' });
    expect(region).toHaveTextContent('Forgot Acme.');
    const undo = screen.getByRole('button', { name: 'Undo' });
    expect(undo).toHaveFocus();
    await userEvent.setup().keyboard('{Enter}');
    expect(store.getState().workspaces.map((w) => w.name)).toEqual(['Acme']);
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
  });

  it(`lapses ${UNDO_SECONDS} seconds after the person moves on, not while focused`, () => {
    vi.useFakeTimers();
    const store = renderToast();
    const workspace = store.connect(acme, { remember: true });
    act(() => store.forget(workspace.id));
    act(() => vi.advanceTimersByTime(UNDO_SECONDS * 1000 + 100));
    expect(screen.getByRole('button', { name: 'Undo' })).toBeInTheDocument();

    const elsewhere = screen.getByRole('button', { name: 'Elsewhere' });
    act(() => {
      fireEvent.pointerDown(elsewhere);
      elsewhere.focus();
    });
    act(() => vi.advanceTimersByTime(UNDO_SECONDS * 1000 - 100));
    expect(screen.getByRole('button', { name: 'Undo' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
    expect(store.getState().workspaces).toEqual([]);
  });

  it('does not run while nobody has reacted to it, even when the page moves focus away', () => {
    vi.useFakeTimers();
    const store = renderToast();
    const workspace = store.connect(acme, { remember: true });
    act(() => store.forget(workspace.id));
    // The app (not the person) takes focus elsewhere: a slow screen settling, say.
    act(() => screen.getByRole('button', { name: 'Elsewhere' }).focus());
    act(() => vi.advanceTimersByTime(UNDO_SECONDS * 5000));
    expect(screen.getByRole('button', { name: 'Undo' })).toBeInTheDocument();
  });

  it('stops while pointed at, runs in full again after, and the × dismisses it', async () => {
    vi.useFakeTimers();
    const store = renderToast();
    const workspace = store.connect(acme, { remember: true });
    act(() => store.forget(workspace.id));
    const region = screen.getByRole('region', { name: 'Notifications' });
    const elsewhere = screen.getByRole('button', { name: 'Elsewhere' });
    act(() => {
      fireEvent.keyDown(elsewhere, { key: 'Tab' });
      elsewhere.focus();
    });
    act(() => vi.advanceTimersByTime(UNDO_SECONDS * 1000 - 1000));
    fireEvent.pointerEnter(region);
    act(() => vi.advanceTimersByTime(UNDO_SECONDS * 5000));
    expect(screen.getByRole('button', { name: 'Undo' })).toBeInTheDocument();
    fireEvent.pointerLeave(region);
    act(() => vi.advanceTimersByTime(UNDO_SECONDS * 1000 - 1000));
    expect(screen.getByRole('button', { name: 'Undo' })).toBeInTheDocument();
    act(() => screen.getByRole('button', { name: 'Dismiss' }).click());
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
  });
});
