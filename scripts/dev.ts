/**
 * `npm run dev`: the reference server on 8788 with the demo workspace, and Vite, which
 * proxies the API paths and /config.json to it (vite.config.ts). Ctrl-C, SIGTERM, or
 * either process exiting stops both.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type RunningProcess, repoRoot, startProcess, stopChild, tsxBinary } from './lib/processes';

const SERVER_PORT = '8788';
const viteBinary = path.join(repoRoot, 'node_modules/.bin/vite');

let server: RunningProcess | null = null;
let vite: ChildProcess | null = null;
let stopping = false;

async function stopAll(exitCode: number): Promise<never> {
  if (!stopping) {
    stopping = true;
    await Promise.all([vite ? stopChild(vite) : null, server ? server.stop() : null]);
  }
  process.exit(exitCode);
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => void stopAll(0));
}

mkdirSync(path.join(repoRoot, '.data'), { recursive: true });
console.log(
  `Starting the reference server on port ${SERVER_PORT} (the first start seeds the demo data)…`,
);
try {
  server = await startProcess(
    tsxBinary,
    ['server/main.ts', '--port', SERVER_PORT, '--db', '.data/dev.sqlite', '--demo'],
    /Listening on http/,
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  console.error(`Is something else using port ${SERVER_PORT}?`);
  process.exit(1);
}
console.log(`Reference server ready at ${server.url}`);
server.child.stdout?.on('data', (chunk: Buffer) => process.stdout.write(chunk));
server.child.stderr?.on('data', (chunk: Buffer) => process.stderr.write(chunk));
server.child.once('exit', (code) => {
  if (stopping) return;
  console.error(`The reference server exited (${code ?? 'signal'}); stopping Vite.`);
  void stopAll(code || 1);
});

vite = spawn(viteBinary, process.argv.slice(2), { cwd: repoRoot, stdio: 'inherit' });
vite.once('exit', (code) => {
  if (stopping) return;
  void stopAll(code ?? 0);
});
