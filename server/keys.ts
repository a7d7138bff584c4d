import { existsSync } from 'node:fs';
import { type FlagSpec, failUsage, parseFlags, UsageError, usageOf } from './cli/flags';
import {
  createApiKey,
  isScope,
  listApiKeys,
  revokeApiKeys,
  SCOPES,
  type Scope,
} from './db/api-keys';
import { initializeWorkspaceDb } from './db/initialize';
import { findWorkspace } from './db/resources';
import { WorkspaceDb } from './db/workspace-db';
import { DEFAULT_ORDER_COUNT, seedDemo } from './seed/demo-seed';

/** `npm run keys -- create|list|revoke …` (§8). */
const DB_FLAG: FlagSpec = {
  name: 'db',
  env: 'DB_PATH',
  kind: 'string',
  help: 'SQLite database file',
};
const VERBOSE_FLAG: FlagSpec = {
  name: 'verbose',
  kind: 'boolean',
  help: 'print the stack trace of an unexpected failure',
};
const COMMANDS: Record<string, FlagSpec[]> = {
  create: [
    DB_FLAG,
    VERBOSE_FLAG,
    { name: 'workspace', env: 'WORKSPACE', kind: 'string', help: 'workspace slug: acme or globex' },
    { name: 'name', env: 'KEY_NAME', kind: 'string', help: 'a name for the key' },
    { name: 'scopes', env: 'SCOPES', kind: 'string', help: `comma list of ${SCOPES.join(', ')}` },
    {
      name: 'records',
      env: 'RECORDS',
      kind: 'integer',
      min: 0,
      max: 10_000_000,
      help: 'Orders size if the database is seeded now',
    },
  ],
  list: [DB_FLAG, VERBOSE_FLAG],
  revoke: [
    DB_FLAG,
    VERBOSE_FLAG,
    { name: 'name', env: 'KEY_NAME', kind: 'string', help: 'revoke every key with this name' },
  ],
};

const USAGE = [
  'Usage: npm run keys -- <create|list|revoke> [flags]',
  usageOf('keys create', COMMANDS.create ?? []),
  usageOf('keys list', COMMANDS.list ?? []),
  usageOf('keys revoke', COMMANDS.revoke ?? []),
].join('\n');

function required(values: Record<string, unknown>, name: string): string {
  const value = values[name];
  if (typeof value !== 'string') throw new UsageError(`--${name} is required`);
  return value;
}

function main(argv: string[]): void {
  const [command, ...rest] = argv;
  const specs = command === undefined ? undefined : COMMANDS[command];
  if (command === '--help' || command === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  let values: Record<string, unknown>;
  try {
    if (specs === undefined) {
      throw new UsageError(
        command === undefined ? 'a command is required' : `unknown command "${command}"`,
      );
    }
    values = parseFlags(rest, specs, process.env);
    required(values, 'db');
    if (command === 'create') {
      for (const name of ['workspace', 'name', 'scopes']) required(values, name);
      scopesOf(required(values, 'scopes'));
    }
    if (command === 'revoke') required(values, 'name');
  } catch (error) {
    if (error instanceof UsageError) failUsage(error, USAGE);
    throw error;
  }

  const file = required(values, 'db');
  // Listing or revoking in a file that isn't there is a mistyped path, not a wish for a
  // freshly seeded database (only `create` prepares one).
  if (command !== 'create' && !existsSync(file)) {
    process.stderr.write(
      `error: no database at ${file} (check --db; \`keys create\` or starting the server creates one)\n`,
    );
    process.exit(1);
  }
  let db: WorkspaceDb;
  try {
    db = new WorkspaceDb(file);
  } catch (error) {
    failUnexpected(`could not open the database ${file}`, error, values.verbose === true);
  }
  try {
    const orders = typeof values.records === 'number' ? values.records : DEFAULT_ORDER_COUNT;
    const started = performance.now();
    const waiting = () =>
      process.stderr.write(
        'Another process is preparing the database (seeding or upgrading it); waiting for it to finish…\n',
      );
    if (initializeWorkspaceDb(db, (fresh) => seedDemo(fresh, { orders }), waiting)) {
      process.stderr.write(
        `Created the schema and the demo seed (${orders} orders) in ${Math.round(performance.now() - started)} ms\n`,
      );
    }
    if (command === 'create') {
      const workspace = findWorkspace(db, required(values, 'workspace'));
      if (workspace === null) {
        failUsage(
          new UsageError(`no workspace "${required(values, 'workspace')}" (try acme or globex)`),
          USAGE,
        );
      }
      const scopes = scopesOf(required(values, 'scopes'));
      const name = required(values, 'name');
      const key = createApiKey(db, { workspaceId: workspace.id, name, scopes });
      process.stderr.write(
        `Created key "${name}" for workspace ${workspace.slug} with scopes ${scopes.join(', ')}.\nCopy it now: it is shown only this once.\n`,
      );
      process.stdout.write(`${key}\n`);
    } else if (command === 'list') {
      const keys = listApiKeys(db);
      const header = ['name', 'workspace', 'scopes', 'prefix', 'created', 'last used', 'revoked'];
      const rows = keys.map((k) => [
        k.name,
        k.workspace,
        k.scopes.join(','),
        `${k.prefix}…`,
        k.createdAt,
        k.lastUsedAt ?? '-',
        k.revokedAt ?? '-',
      ]);
      const widths = header.map((h, i) =>
        Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)),
      );
      for (const row of [header, ...rows]) {
        process.stdout.write(
          `${row
            .map((cell, i) => cell.padEnd(widths[i] ?? 0))
            .join('  ')
            .trimEnd()}\n`,
        );
      }
    } else {
      const name = required(values, 'name');
      const revoked = revokeApiKeys(db, name);
      if (revoked === 0) {
        process.stderr.write(`error: no active key named "${name}"\n`);
        process.exitCode = 1;
      } else {
        process.stdout.write(
          `Revoked ${revoked} key${revoked === 1 ? '' : 's'} named "${name}".\n`,
        );
      }
    }
  } catch (error) {
    failUnexpected(`could not ${command} keys in ${file}`, error, values.verbose === true);
  } finally {
    db.close();
  }
}

/** One line on stderr, exit 1; the stack only with --verbose (it helps us, not the user). */
function failUnexpected(what: string, error: unknown, verbose: boolean): never {
  const reason = error instanceof Error ? error.message : String(error);
  process.stderr.write(`error: ${what}: ${reason}\n`);
  if (verbose && error instanceof Error && error.stack) process.stderr.write(`${error.stack}\n`);
  process.exit(1);
}

function scopesOf(list: string): Scope[] {
  const scopes = list
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  if (scopes.length === 0) throw new UsageError('--scopes needs at least one scope');
  const unknown = scopes.find((s) => !isScope(s));
  if (unknown !== undefined) {
    throw new UsageError(`unknown scope "${unknown}" (known: ${SCOPES.join(', ')})`);
  }
  return [...new Set(scopes)] as Scope[];
}

main(process.argv.slice(2));
