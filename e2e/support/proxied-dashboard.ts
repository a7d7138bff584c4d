import { type FaultProxy, startFaultProxy } from './fault-proxy';
import { test } from './fixtures';
import { DIST_DIR, type StaticServer, startStaticServer } from './static-server';

export interface ProxiedDashboard {
  /** The built dashboard on a plain static server (no CSP): open `host.url`. */
  readonly host: StaticServer;
  /** The fault proxy in front of the shared reference server: the Service URL to connect to. */
  readonly proxy: FaultProxy;
}

/**
 * Call inside a `test.describe`: starts the built dashboard on a static server and a fault
 * proxy in front of the shared reference server once for the group, and closes both after
 * it. Read `host` and `proxy` inside tests and hooks (they exist once beforeAll has run).
 */
export function dashboardBehindFaultProxy(): ProxiedDashboard {
  let host: StaticServer | undefined;
  let proxy: FaultProxy | undefined;
  test.beforeAll(async () => {
    const upstream = process.env.E2E_BASE_URL;
    if (!upstream) throw new Error('E2E_BASE_URL is not set: e2e/global-setup.ts did not run');
    host = await startStaticServer({ root: DIST_DIR });
    proxy = await startFaultProxy({ upstream });
  });
  test.afterAll(async () => {
    await proxy?.close();
    await host?.close();
  });
  return {
    get host() {
      if (!host) throw new Error('the static host starts in beforeAll');
      return host;
    },
    get proxy() {
      if (!proxy) throw new Error('the fault proxy starts in beforeAll');
      return proxy;
    },
  };
}
