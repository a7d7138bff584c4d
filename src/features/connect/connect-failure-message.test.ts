import { afterEach, describe, expect, it } from 'vitest';
import { ApiError, type TransportFailure } from '../../lib/api/errors';
import { switchLocale, t } from '../../lib/i18n/i18n';
import {
  connectFailureDetail,
  connectFailureHint,
  connectFailureMessage,
} from './connect-failure-message';

afterEach(async () => {
  await switchLocale('en');
});

function networkError(failure: TransportFailure) {
  return new ApiError({
    kind: 'network',
    status: null,
    code: null,
    reason: null,
    message: `message for ${failure}`,
    failure,
  });
}

function httpError(status: number, retryAfterSeconds: number | null = null) {
  return new ApiError({
    kind: 'http',
    status,
    code: null,
    reason: null,
    message: `client message for ${status}`,
    retryAfterSeconds,
  });
}

describe('connect failures', () => {
  it('shows the proxy-mode command when the service has no CORS', () => {
    const error = networkError('blocked_cors');
    expect(connectFailureMessage(error, 'https://api.onnie.example', t)).toBe(
      "https://api.onnie.example answered, but does not allow this site to read its replies (CORS). Ask for this site's address to be allowed there, or open the dashboard through the reference server's proxy mode.",
    );
    expect(connectFailureHint(error, 'https://api.onnie.example', t)).toEqual({
      text: expect.stringMatching(/no CORS.*proxy mode.*leave the Service URL empty/),
      command: 'npm run server -- --proxy https://api.onnie.example --dashboard dist',
    });
  });

  it('offers proxy mode when the page’s policy kept the service out, and keeps the policy’s words', () => {
    const error = networkError('blocked_csp');
    expect(connectFailureHint(error, 'http://api.onnie.example', t)).toEqual({
      text: expect.stringMatching(/proxy mode.*leave the Service URL empty/),
      command: 'npm run server -- --proxy http://api.onnie.example --dashboard dist',
    });
    expect(connectFailureDetail(error)).toEqual({
      text: 'message for blocked_csp',
      fromService: false,
      lang: 'en',
    });
  });

  it('offers no proxy command when the service is simply unreachable or the cable was cut', () => {
    expect(connectFailureHint(networkError('unreachable'), 'https://x.example', t)).toBeNull();
    expect(connectFailureHint(networkError('cut'), 'https://x.example', t)).toBeNull();
  });

  it('does not call a garbled reply a wrong address', () => {
    const garbled = new ApiError({
      kind: 'not_a_service',
      status: null,
      code: null,
      reason: null,
      message: 'https://x.example sent an incomplete or garbled reply (not valid JSON).',
      failure: 'malformed_body',
    });
    expect(connectFailureMessage(garbled, 'https://x.example', t)).toBe(
      'https://x.example sent an incomplete or garbled reply. Try again in a moment.',
    );
  });

  it('words a refused key from the catalog, and shows what the service said for other refusals', () => {
    expect(connectFailureMessage(httpError(401), 'https://x.example', t)).toMatch(
      /^The service did not accept this API key\./,
    );
    expect(connectFailureDetail(httpError(401))).toBeNull();
    expect(connectFailureDetail(httpError(400))).toEqual({
      text: 'client message for 400',
      fromService: true,
      lang: undefined,
    });
  });
});

describe('connect failures in Spanish', () => {
  it('are worded in Spanish, with the service’s address as given', async () => {
    await switchLocale('es');
    expect(connectFailureMessage(networkError('unreachable'), 'https://x.example', t)).toBe(
      'No se pudo conectar con https://x.example. Revisa la dirección y tu conexión.',
    );
    expect(connectFailureMessage(new Error('boom'), 'https://x.example', t)).toMatch(
      /^Algo salió mal al comprobar la clave\./,
    );
  });

  it('say when to try again with a plural for 0, 1 and many seconds, the number in Spanish format', async () => {
    await switchLocale('es');
    const busy = (seconds: number | null) =>
      connectFailureMessage(httpError(429, seconds), 'https://x.example', t);
    expect(busy(null)).toMatch(/Espera un momento y vuelve a intentarlo\.$/);
    expect(busy(0)).toMatch(/Espera un momento y vuelve a intentarlo\.$/);
    expect(busy(1)).toMatch(/Vuelve a intentarlo dentro de 1 segundo\.$/);
    expect(busy(12_000)).toMatch(/Vuelve a intentarlo dentro de 12\.000 segundos\.$/);
    await switchLocale('pt-BR');
    expect(busy(1)).toMatch(/Tente novamente em 1 segundo\.$/);
    expect(busy(45)).toMatch(/Tente novamente em 45 segundos\.$/);
  });
});
