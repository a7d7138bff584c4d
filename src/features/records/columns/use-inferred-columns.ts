import { useMemo, useRef } from 'react';
import type { Column, RecordRow } from '../../../lib/api/types';
import { inferColumns } from './infer-columns';

function sameColumns(a: readonly Column[], b: readonly Column[]): boolean {
  return (
    a.length === b.length &&
    a.every((column, i) => column.name === b[i]?.name && column.type === b[i]?.type)
  );
}

/**
 * Columns inferred from every record seen on this page, not just the ones in view: a
 * filter that matches nothing must not make its own input disappear.
 */
export function useInferredColumns(rows: readonly RecordRow[], enabled: boolean): Column[] {
  const seen = useRef<RecordRow[]>([]);
  const last = useRef<Column[]>([]);
  return useMemo(() => {
    if (!enabled) return last.current;
    // One sample row per new field name keeps this cheap while the window moves.
    const known = new Set(last.current.map((column) => column.name));
    const fresh = rows.filter((row) => Object.keys(row.fields).some((name) => !known.has(name)));
    const sample = [...seen.current, ...fresh.slice(0, 50), ...rows.slice(0, 200)];
    seen.current = [...seen.current, ...fresh.slice(0, 50)].slice(-500);
    const inferred = new Map(inferColumns(sample).map((column) => [column.name, column]));
    // Columns keep their place and a type once seen: a page of nulls must not make a number column UNKNOWN.
    const next = last.current.map((previous) => {
      const update = inferred.get(previous.name);
      inferred.delete(previous.name);
      return update && update.type !== 'UNKNOWN' ? { ...previous, type: update.type } : previous;
    });
    next.push(...inferred.values());
    const ordered = next.map((column, orderIndex) => ({ ...column, orderIndex }));
    if (!sameColumns(ordered, last.current)) last.current = ordered;
    return last.current;
  }, [rows, enabled]);
}
