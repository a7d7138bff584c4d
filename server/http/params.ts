import type { Context } from 'hono';
import { type CursorPosition, decodeCursor, encodeCursor } from '../db/cursor';
import type { AppEnv } from './context';
import { badRequest } from './errors';

/** The query string, parsed once per request; values are decoded, `+` is a space. */
export function queryOf(c: Context<AppEnv>): URLSearchParams {
  let query = c.get('query');
  if (query === undefined) {
    const url = c.req.url;
    const start = url.indexOf('?');
    query = new URLSearchParams(start === -1 ? '' : url.slice(start + 1));
    c.set('query', query);
  }
  return query;
}

/** The single value of a parameter; sending it twice is ambiguous, so it is refused. */
export function singleParam(
  query: URLSearchParams,
  name: string,
  reason: 'invalid_limit' | 'invalid_cursor' | 'invalid_sort' | 'invalid_filter',
): string | undefined {
  const values = query.getAll(name);
  if (values.length > 1) {
    throw badRequest(
      name,
      reason,
      `Send ${name} at most once; this request has it ${values.length} times.`,
    );
  }
  return values[0];
}

export interface LimitRule {
  defaultLimit: number;
  maxLimit: number;
}

export const LIMITS = {
  records: { defaultLimit: 100, maxLimit: 500 },
  tables: { defaultLimit: 100, maxLimit: 100 },
  skills: { defaultLimit: 50, maxLimit: 200 },
  pages: { defaultLimit: 50, maxLimit: 200 },
  tasks: { defaultLimit: 50, maxLimit: 200 },
  projects: { defaultLimit: 50, maxLimit: 200 },
} satisfies Record<string, LimitRule>;

/**
 * §4: absent → the default; a whole decimal number from 1 → itself, capped at the max;
 * anything else (`+5`, ` 5`, `05`, `5.0`, `1e2`) → 400, as the documents' `integer` says.
 */
export function limitOf(query: URLSearchParams, rule: LimitRule): number {
  const raw = singleParam(query, 'limit', 'invalid_limit');
  if (raw === undefined) return rule.defaultLimit;
  if (!/^[1-9][0-9]*$/.test(raw)) {
    throw badRequest(
      'limit',
      'invalid_limit',
      `limit must be a whole number from 1 to ${rule.maxLimit}, in digits only (larger values are capped); leave it out for ${rule.defaultLimit}.`,
    );
  }
  return raw.length > 9 ? rule.maxLimit : Math.min(Number(raw), rule.maxLimit);
}

const INVALID_CURSOR_MESSAGE =
  'The cursor does not belong to this list, its sort or its filters. Start again from the first page.';

export function invalidCursor(): ReturnType<typeof badRequest> {
  return badRequest('cursor', 'invalid_cursor', INVALID_CURSOR_MESSAGE);
}

/** The decoded position of `cursor`, or null when absent; 400 if it is not ours for this list. */
export function cursorPositionOf(
  query: URLSearchParams,
  secret: Buffer,
  binding: string,
): CursorPosition | null {
  const raw = singleParam(query, 'cursor', 'invalid_cursor');
  if (raw === undefined) return null;
  const position = decodeCursor(secret, binding, raw);
  if (position === null) throw invalidCursor();
  return position;
}

export function nextCursorJson(
  secret: Buffer,
  binding: string,
  position: CursorPosition | null,
): string {
  return position === null ? 'null' : JSON.stringify(encodeCursor(secret, binding, position));
}
