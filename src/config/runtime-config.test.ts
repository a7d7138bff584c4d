import { describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_RUNTIME_CONFIG,
  loadRuntimeConfig,
  parseRuntimeConfig,
  RuntimeConfigError,
} from './runtime-config';

function fetchAnswering(status: number, text: string) {
  return vi.fn(async () => new Response(text, { status })) as unknown as typeof fetch;
}

describe('runtime config', () => {
  it('reads every setting', () => {
    expect(
      parseRuntimeConfig({
        serviceUrl: 'https://data.example.com/',
        skillsPath: '/v1',
        title: 'Acme data',
        embedOrigins: ['https://intranet.example.com'],
        demoKey: 'svc_live_demo',
      }),
    ).toEqual({
      serviceUrl: 'https://data.example.com',
      skillsPath: '/v1',
      title: 'Acme data',
      embedOrigins: ['https://intranet.example.com'],
      demoKey: 'svc_live_demo',
    });
  });

  it('uses the defaults when config.json is absent', async () => {
    await expect(loadRuntimeConfig(fetchAnswering(404, 'nope'))).resolves.toEqual(
      DEFAULT_RUNTIME_CONFIG,
    );
  });

  it('uses the defaults when the host answers with its index page', async () => {
    await expect(loadRuntimeConfig(fetchAnswering(200, '<!doctype html>'))).resolves.toEqual(
      DEFAULT_RUNTIME_CONFIG,
    );
  });

  it('names the problem when config.json is malformed', async () => {
    await expect(loadRuntimeConfig(fetchAnswering(200, '{ "title": '))).rejects.toThrow(
      'config.json is not valid JSON.',
    );
    await expect(
      loadRuntimeConfig(
        fetchAnswering(200, '{"serviceUrl":"javascript:alert(1)","skillsPath":"/v2"}'),
      ),
    ).rejects.toThrow(RuntimeConfigError);
  });
});
