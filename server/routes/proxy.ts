import { Hono } from 'hono';
import type { ServerConfig } from '../config';
import type { AppEnv } from '../http/context';

/** Placeholder until the proxy mode is built: forwards nothing. */
export function createProxyApp({
  config,
}: {
  upstream: string;
  config: ServerConfig;
}): Hono<AppEnv> {
  void config;
  return new Hono<AppEnv>();
}
