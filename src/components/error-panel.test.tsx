import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api/errors';
import { AuthStoreProvider } from '../lib/auth/auth-context';
import { createAuthStore } from '../lib/auth/auth-store';
import { ErrorPanel } from './error-panel';
import { LoadingIndicator } from './loading-indicator';

function apiError(status: number, message: string, retryAfterSeconds: number | null = null) {
  return new ApiError({
    kind: 'http',
    status,
    code: null,
    reason: null,
    message,
    retryAfterSeconds,
  });
}

describe('ErrorPanel', () => {
  it("shows the error's sentence and retries on request", async () => {
    const onRetry = vi.fn();
    render(
      <ErrorPanel error={apiError(503, 'The service ran into a problem.')} onRetry={onRetry} />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('The service ran into a problem.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('keeps the technical side (status, request ID, address) one click away, under Details', async () => {
    const error = new ApiError({
      kind: 'http',
      status: 503,
      code: 'internal_error',
      reason: null,
      requestId: 'req_42',
      url: 'https://data.example.com/api/public/v1/tables',
      message: 'The service ran into a problem. Try again in a moment.',
    });
    render(<ErrorPanel error={error} />);
    const requestId = screen.getByText('req_42');
    expect(requestId).not.toBeVisible();
    await userEvent.setup().click(screen.getByText('Details'));
    expect(requestId).toBeVisible();
    expect(screen.getByText('503')).toBeVisible();
    expect(screen.getByText('https://data.example.com/api/public/v1/tables')).toBeVisible();
  });

  it('offers to connect again when the key was rejected', async () => {
    const store = createAuthStore();
    const keyRejected = vi.spyOn(store, 'keyRejected');
    render(
      <AuthStoreProvider store={store}>
        <ErrorPanel error={apiError(401, 'The service did not accept this API key.')} />
      </AuthStoreProvider>,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign in again' }));
    expect(keyRejected).toHaveBeenCalledWith('The service did not accept this API key.');
  });

  it('names a missing permission in plain words, with no Retry, and offers what the key can read', () => {
    const store = createAuthStore();
    store.connect(
      { serviceUrl: '', apiKey: 'svc_live_skills00000000000000000001' },
      { remember: false, readableScopes: ['skills:read', 'tables:read'] },
    );
    const forbidden = new ApiError({
      kind: 'http',
      status: 403,
      code: 'forbidden',
      reason: 'insufficient_scope',
      scope: 'tasks:read',
      message: 'This key is not allowed to see tasks.',
    });
    render(
      <MemoryRouter>
        <AuthStoreProvider store={store}>
          <ErrorPanel error={forbidden} onRetry={vi.fn()} />
        </AuthStoreProvider>
      </MemoryRouter>,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('This key can’t read tasks');
    expect(alert).toHaveTextContent('“tasks:read” permission');
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to skills' })).toHaveAttribute('href', '/skills');
    expect(screen.getByRole('link', { name: 'Go to tables' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Connect with another key' })).toBeInTheDocument();
  });

  it('never shows the text of an unexpected error', () => {
    render(<ErrorPanel error={new Error('internal detail')} />);
    expect(screen.getByRole('alert')).not.toHaveTextContent('internal detail');
  });
});

describe('LoadingIndicator', () => {
  it('says how long it waits when the service asks to slow down', () => {
    render(<LoadingIndicator label="Loading records…" failureReason={apiError(429, 'Slow', 5)} />);
    expect(screen.getByRole('status')).toHaveTextContent('trying again in 5 seconds');
  });
});
