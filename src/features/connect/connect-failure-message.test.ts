import { describe, expect, it } from 'vitest';
import { ApiError, type TransportFailure } from '../../lib/api/errors';
import { connectFailureHint, connectFailureMessage } from './connect-failure-message';

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

describe('connect failures', () => {
  it('shows the proxy-mode command when the service has no CORS', () => {
    const error = networkError('blocked_cors');
    expect(connectFailureMessage(error, 'https://api.onnie.example')).toBe(
      'message for blocked_cors',
    );
    expect(connectFailureHint(error, 'https://api.onnie.example')).toEqual({
      text: expect.stringMatching(/no CORS.*proxy mode.*leave the Service URL empty/),
      command: 'npm run server -- --proxy https://api.onnie.example --dashboard dist',
    });
  });

  it('offers proxy mode when the page’s policy kept the service out', () => {
    expect(connectFailureHint(networkError('blocked_csp'), 'http://api.onnie.example')).toEqual({
      text: expect.stringMatching(/proxy mode.*leave the Service URL empty/),
      command: 'npm run server -- --proxy http://api.onnie.example --dashboard dist',
    });
  });

  it('offers no proxy command when the service is simply unreachable or the cable was cut', () => {
    expect(connectFailureHint(networkError('unreachable'), 'https://x.example')).toBeNull();
    expect(connectFailureHint(networkError('cut'), 'https://x.example')).toBeNull();
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
    expect(connectFailureMessage(garbled, 'https://x.example')).toBe(garbled.message);
  });
});
