import { stableUuid } from '../db/ids';
import type { ColumnSpec } from '../db/user-tables';
import { WORDS } from './data/words';
import type { Prng } from './prng';

/** Small helpers every seeded table uses. */

export function column(table: string, spec: Omit<ColumnSpec, 'id'>): ColumnSpec {
  return { id: stableUuid(`column:${table}:${spec.name}`), ...spec };
}

export function aliasOf(id: string): string {
  return `al_${id.replaceAll('-', '').slice(0, 10)}`;
}

export function sentence(prng: Prng, words: number): string {
  const text = Array.from({ length: words }, () => prng.pick(WORDS)).join(' ');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}
