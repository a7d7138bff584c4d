import { act, fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { AuthStoreProvider } from '../lib/auth/auth-context';
import { createAuthStore } from '../lib/auth/auth-store';
import { LazyUndoToast } from './lazy-undo-toast';

const acme = { serviceUrl: '', apiKey: 'svc_live_acme0000000000000000000001' };

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

function renderLazyToast() {
  const store = createAuthStore();
  render(
    <AuthStoreProvider store={store}>
      <LazyUndoToast />
      <button type="button">Forget</button>
    </AuthStoreProvider>,
  );
  return store;
}

describe('LazyUndoToast', () => {
  it('offers Undo after a Forget the person pressed for', async () => {
    const store = renderLazyToast();
    const workspace = store.connect(acme, { remember: true, name: 'Acme' });
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Forget' }));
    act(() => store.forget(workspace.id, 'Acme'));
    expect(await screen.findByRole('button', { name: 'Undo' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Notifications' })).toHaveTextContent('Forgot Acme.');
  });

  it('offers Undo for a Forget made without a press or a key (another tab)', async () => {
    const store = renderLazyToast();
    const workspace = store.connect(acme, { remember: true, name: 'Acme' });
    act(() => store.forget(workspace.id, 'Acme'));
    expect(await screen.findByRole('button', { name: 'Undo' })).toBeInTheDocument();
  });
});
