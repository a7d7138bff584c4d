/**
 * Flag parsing shared by main.ts and keys.ts: `--name value` or `--name=value`, each flag
 * with an environment fallback. A bad flag or value is a UsageError: the entry point
 * prints one line and the usage on stderr and exits with 2.
 */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

export interface FlagSpec {
  name: string;
  env?: string;
  kind: 'string' | 'integer' | 'boolean';
  help: string;
  min?: number;
  max?: number;
}

export type FlagValues = Record<string, string | number | boolean | undefined>;

export function parseFlags(
  argv: readonly string[],
  specs: readonly FlagSpec[],
  env: NodeJS.ProcessEnv,
): FlagValues {
  const byName = new Map(specs.map((spec) => [spec.name, spec]));
  const values: FlagValues = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (!arg.startsWith('--')) throw new UsageError(`unexpected argument "${arg}"`);
    const eq = arg.indexOf('=');
    const name = eq === -1 ? arg.slice(2) : arg.slice(2, eq);
    const spec = byName.get(name);
    if (spec === undefined) throw new UsageError(`unknown flag --${name}`);
    if (name in values) throw new UsageError(`--${name} is given twice`);
    if (spec.kind === 'boolean') {
      if (eq !== -1) throw new UsageError(`--${name} takes no value`);
      values[name] = true;
      continue;
    }
    let raw: string | undefined;
    if (eq !== -1) {
      raw = arg.slice(eq + 1);
    } else {
      raw = argv[i + 1];
      i += 1;
    }
    if (raw === undefined || (eq === -1 && raw.startsWith('--'))) {
      throw new UsageError(`--${name} needs a value`);
    }
    values[name] = convert(spec, raw, `--${name}`);
  }
  for (const spec of specs) {
    if (values[spec.name] !== undefined || spec.env === undefined) continue;
    const raw = env[spec.env];
    if (raw === undefined || raw === '') continue;
    if (spec.kind === 'boolean') {
      values[spec.name] = ['1', 'true', 'yes'].includes(raw.toLowerCase());
    } else {
      values[spec.name] = convert(spec, raw, spec.env);
    }
  }
  return values;
}

function convert(spec: FlagSpec, raw: string, label: string): string | number {
  if (spec.kind === 'string') {
    if (raw.trim() === '') throw new UsageError(`${label} must not be empty`);
    return raw;
  }
  if (!/^[0-9]+$/.test(raw)) throw new UsageError(`${label} must be a whole number, not "${raw}"`);
  const value = Number(raw);
  if (spec.min !== undefined && value < spec.min) {
    throw new UsageError(`${label} must be at least ${spec.min}`);
  }
  if (spec.max !== undefined && value > spec.max) {
    throw new UsageError(`${label} must be at most ${spec.max}`);
  }
  return value;
}

export function usageOf(command: string, specs: readonly FlagSpec[]): string {
  const lines = specs.map((spec) => {
    const value = spec.kind === 'boolean' ? '' : ` <${spec.kind === 'integer' ? 'n' : 'value'}>`;
    const env = spec.env ? ` (env ${spec.env})` : '';
    const flag = `  --${spec.name}${value}`.padEnd(30);
    return `${flag}${spec.help}${env}`;
  });
  return [`Usage: ${command}`, ...lines].join('\n');
}

/** Prints `error: …` and the usage on stderr, then exits 2. */
export function failUsage(error: UsageError, usage: string): never {
  process.stderr.write(`error: ${error.message}\n${usage}\n`);
  process.exit(2);
}
