import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api/errors';
import { AuthStoreProvider } from '../lib/auth/auth-context';
import { createAuthStore } from '../lib/auth/auth-store';
import { switchLocale } from '../lib/i18n/i18n';
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
    // The connect screen then says why, in the catalog's words.
    expect(keyRejected).toHaveBeenCalledWith(
      expect.stringMatching(/^The service did not accept this API key\./),
    );
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

describe('ErrorPanel in Spanish', () => {
  afterEach(() => switchLocale('en'));

  it('says how long to wait on a 429, with the wait as a plural in the language', async () => {
    await switchLocale('es');
    render(<ErrorPanel error={apiError(429, 'Too Many Requests', 1)} onRetry={vi.fn()} />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('El servicio está ocupado');
    expect(alert).toHaveTextContent('Vuelve a intentarlo dentro de 1 segundo.');
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
    expect(screen.getByText('Detalles')).toBeInTheDocument();
  });

  it('names the missing permission, and where the key can go instead', async () => {
    await switchLocale('es');
    const store = createAuthStore();
    store.connect(
      { serviceUrl: '', apiKey: 'svc_live_skills00000000000000000001' },
      { remember: false, readableScopes: ['projects:read', 'tables:read'] },
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
    expect(alert).toHaveTextContent('Esta clave no puede leer tareas');
    expect(alert).toHaveTextContent(
      'no tiene el permiso «tasks:read», así que no se pueden mostrar sus tareas',
    );
    expect(screen.queryByRole('button', { name: 'Reintentar' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Ir a los proyectos' })).toHaveAttribute(
      'href',
      '/projects',
    );
    expect(screen.getByRole('link', { name: 'Ir a las tablas' })).toHaveAttribute('href', '/');
  });

  it('says which service could not be reached, the address as typed', async () => {
    await switchLocale('es');
    const unreachable = new ApiError({
      kind: 'network',
      status: null,
      code: null,
      reason: null,
      failure: 'unreachable',
      url: 'https://datos.example.com:8443/api/public/v1/tables',
      message: 'Could not reach https://datos.example.com:8443.',
    });
    render(<ErrorPanel error={unreachable} onRetry={vi.fn()} />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('No se puede conectar con el servicio');
    expect(alert).toHaveTextContent(
      'No se pudo conectar con https://datos.example.com:8443. Comprueba la dirección y tu conexión.',
    );
    expect(alert).not.toHaveTextContent('Could not reach');
  });

  it('shows a refusal in Spanish, the service’s own words as it sent them', async () => {
    await switchLocale('es');
    const refused = new ApiError({
      kind: 'http',
      status: 400,
      code: 'bad_request',
      reason: 'invalid_filter',
      message: 'Unknown column "colour".',
      serviceMessage: 'Unknown column "colour".',
    });
    render(<ErrorPanel error={refused} />);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'El servicio rechazó la solicitud: Unknown column "colour".',
    );
    await userEvent.setup().click(screen.getByText('Detalles'));
    expect(screen.getByText('El servicio dijo')).toBeVisible();
    expect(screen.getByText('Código')).toBeVisible();
  });
});

describe('LoadingIndicator', () => {
  it('says how long it waits when the service asks to slow down', () => {
    render(<LoadingIndicator label="Loading records…" failureReason={apiError(429, 'Slow', 5)} />);
    expect(screen.getByRole('status')).toHaveTextContent('trying again in 5 seconds');
  });

  it('says the wait in Spanish, with its plural, and the default label', async () => {
    await switchLocale('es');
    try {
      const { rerender } = render(<LoadingIndicator failureReason={apiError(429, 'Slow', 1)} />);
      expect(screen.getByRole('status')).toHaveTextContent(
        'Cargando…El servicio está ocupado; se volverá a intentar en 1 segundo.',
      );
      rerender(<LoadingIndicator failureReason={apiError(429, 'Slow', 1500)} />);
      // Over a minute is shown rather than waited: no retry notice then.
      expect(screen.getByRole('status')).toHaveTextContent(/^Cargando…$/);
      rerender(<LoadingIndicator failureReason={apiError(429, 'Slow', 45)} />);
      expect(screen.getByRole('status')).toHaveTextContent('se volverá a intentar en 45 segundos');
    } finally {
      await switchLocale('en');
    }
  });
});

describe('ErrorPanel names the service as typed', () => {
  it('keeps a path prefix and drops the API’s own path', () => {
    const cut = new ApiError({
      kind: 'network',
      status: null,
      code: null,
      reason: null,
      failure: 'cut',
      url: 'https://example.com/data/api/public/v1/tables/t1/records',
      message: 'cut',
    });
    render(<ErrorPanel error={cut} />);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The connection to https://example.com/data was cut before the reply was complete.',
    );
  });
});
