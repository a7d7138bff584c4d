import { afterAll, beforeAll } from 'vitest';
import { startTestServer, type TestServer } from './test-server';

/**
 * One test server for a whole test file: started before its first test, closed after its
 * last. What it returns stands for that server from inside any test or hook; read before
 * the server starts (at a file's top level), it throws rather than hand out undefined.
 */
export function fileTestServer(options?: Parameters<typeof startTestServer>[0]): TestServer {
  let started: TestServer | undefined;
  beforeAll(() => {
    started = startTestServer(options);
  });
  afterAll(() => started?.close());
  const server = (): TestServer => {
    if (started === undefined) {
      throw new Error(
        'The test server starts before the first test: use it inside a test or hook.',
      );
    }
    return started;
  };
  return {
    get dir() {
      return server().dir;
    },
    get db() {
      return server().db;
    },
    get app() {
      return server().app;
    },
    get acmeKey() {
      return server().acmeKey;
    },
    get globexKey() {
      return server().globexKey;
    },
    key: (...args) => server().key(...args),
    get: (...args) => server().get(...args),
    close: () => server().close(),
  };
}
