import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_RUNTIME_CONFIG } from '../config/runtime-config';
import { ApiError } from '../lib/api/errors';
import { switchLocale } from '../lib/i18n/i18n';
import { createFakeApiClient } from '../lib/testing/fake-api-client';
import { renderApp } from './testing/render-app';

const KEY = 'svc_live_0123456789abcdef0123456789abcdef0123456789ab3f9a';

afterEach(async () => {
  await switchLocale('en');
});

/** Every probe answers 429 with Retry-After `seconds`. */
function busyService(seconds: number) {
  return () =>
    createFakeApiClient({
      canRead: async () => {
        throw new ApiError({
          kind: 'http',
          status: 429,
          code: 'rate_limited',
          reason: null,
          message: 'The service is receiving too many requests from this key.',
          retryAfterSeconds: seconds,
        });
      },
    });
}

describe('the connect screen in Spanish and Brazilian Portuguese', () => {
  it('speaks Spanish, numbers included, and names the demo workspace in Spanish', async () => {
    await switchLocale('es');
    const user = userEvent.setup();
    const { services } = renderApp({
      initialPath: '/connect',
      config: { ...DEFAULT_RUNTIME_CONFIG, demoKey: 'svc_live_demo' },
      createClient: busyService(12_000),
    });

    expect(
      await screen.findByRole('button', { name: 'Abrir el espacio de trabajo de demostración' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('URL del servicio')).toHaveAttribute(
      'placeholder',
      'El mismo sitio que este panel',
    );
    await user.type(screen.getByLabelText('Clave de API'), KEY);
    await user.click(screen.getByRole('button', { name: 'Conectar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'El servicio recibe demasiadas solicitudes de esta clave. Vuelve a intentarlo dentro de 12.000 segundos.',
    );

    // Forgetting the (unnamed) demo workspace: the Undo offer names it in Spanish.
    let demoId = '';
    act(() => {
      demoId = services.authStore.connect(
        { serviceUrl: '', apiKey: 'svc_live_demo' },
        { remember: true, demo: true },
      ).id;
    });
    act(() => services.authStore.forget(demoId));
    const notifications = screen.getByRole('region', { name: 'Notificaciones' });
    expect(notifications).toHaveTextContent(
      'Espacio de trabajo olvidado: Espacio de trabajo de demostración.',
    );
    expect(within(notifications).getByRole('button', { name: 'Deshacer' })).toHaveFocus();
  });

  it('switches its words at once when the language changes, keeping what was typed', async () => {
    const user = userEvent.setup();
    renderApp({ initialPath: '/connect' });
    await user.type(await screen.findByLabelText('API key'), KEY);
    await act(() => switchLocale('pt-BR'));
    expect(screen.getByRole('button', { name: 'Conectar' })).toBeInTheDocument();
    expect(screen.getByLabelText('Chave de API')).toHaveValue(KEY);
    expect(screen.getByLabelText('Lembrar neste dispositivo')).toBeInTheDocument();
  });
});
