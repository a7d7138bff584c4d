import type { ColumnDefinition } from '../db/column-types';
import { isArrayValued, isTextLike } from '../db/column-types';
import { uuidOf } from '../db/ids';
import type { RecordFilter } from '../db/record-query';
import { textKey } from '../db/sort-keys';
import { badRequest } from '../http/errors';
import type { JsonSchema } from '../openapi/schemas';

/**
 * What `filter[<column>]=<value>` accepts for each column type, both as the server reads it
 * and as a table's OpenAPI document types it, side by side so the two can't drift: a value
 * the document allows is read, anything else is a 400 `invalid_filter` (decision 055).
 * Numbers are written as JSON writes them (whole numbers in digits), within a double's
 * range; booleans as `true` or `false`; dates and instants as RFC 3339
 * (JSON Schema's `date` and `date-time`); ids as UUIDs in any case. An empty value is
 * allowed for every type: it matches empty cells.
 */

/** JSON's number grammar: no `+`, no leading zeros, no bare `.5` or `5.`, no spaces. */
const JSON_NUMBER = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/;
/** An integer in decimal digits, as `type: integer` is written in a query (no `5.0`, no `1e3`). */
const DIGITS = /^-?(0|[1-9]\d*)$/;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
/** RFC 3339's date-time, seconds required, T and Z in either case, the offset with its colon. */
export const INSTANT_PATTERN =
  '^(\\d{4})-(\\d{2})-(\\d{2})[Tt](\\d{2}):(\\d{2}):([0-5]\\d)(\\.\\d+)?([Zz]|([+-])(\\d{2}):(\\d{2}))$';
const INSTANT = new RegExp(INSTANT_PATTERN);
/** A UUID in any case: RFC 9562 has them compared without regard to case. */
export const UUID_ANY_CASE_PATTERN =
  '^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$';
const DAY_MS = 86_400_000;

/** A UUID parameter as the server reads it: `format: uuid` alone also admits a `urn:uuid:` prefix in some validators. */
export const UUID_PARAMETER_SCHEMA: JsonSchema = {
  type: 'string',
  format: 'uuid',
  pattern: UUID_ANY_CASE_PATTERN,
};

/** The schema of `filter[<column>]` for a filterable column. */
export function filterValueSchema(column: Pick<ColumnDefinition, 'type' | 'settings'>): JsonSchema {
  if (column.type === 'REFERENCE') return UUID_PARAMETER_SCHEMA;
  switch (column.type) {
    case 'NUMBER':
      return { type: 'number' };
    case 'SERIAL':
      return { type: 'integer' };
    case 'BOOLEAN':
      return { type: 'boolean' };
    case 'DATETIME':
      return {
        type: 'string',
        anyOf: [
          { format: 'date', pattern: DAY.source },
          { format: 'date-time', pattern: INSTANT_PATTERN },
        ],
        examples: ['2026-03-01', '2026-03-01T09:30:00Z'],
      };
    default: {
      // Any text: a cell may hold a value its column's options no longer list, and a filter
      // must still find it. The options are what a client offers.
      const options = column.settings?.options;
      return Array.isArray(options) && options.length > 0
        ? { type: 'string', examples: options.slice(0, 10) }
        : { type: 'string' };
    }
  }
}

/**
 * Reads the value of `filter[<column>]` by the column's type; a 400 naming `param` when it
 * can't. `name` is the column's name as the message may echo it.
 */
export function readFilter(
  column: ColumnDefinition,
  value: string,
  param: string,
  name: string,
): RecordFilter {
  const unreadable = (expected: string) =>
    badRequest(param, 'invalid_filter', `The filter on "${name}" needs ${expected}.`);
  if (value === '') {
    const emptyKey =
      isTextLike(column.type) || isArrayValued(column) || column.type === 'REFERENCE'
        ? textKey('')
        : null;
    return { kind: 'empty', column, emptyKey };
  }
  if (column.type === 'REFERENCE') {
    const id = uuidOf(value);
    if (id === null) throw unreadable('a record id (a UUID)');
    return isArrayValued(column)
      ? { kind: 'contains', column, item: id }
      : { kind: 'equals', column, key: textKey(id) };
  }
  if (isArrayValued(column)) return { kind: 'contains', column, item: value };
  switch (column.type) {
    case 'NUMBER': {
      const number = JSON_NUMBER.test(value) ? Number(value) : Number.NaN;
      if (!Number.isFinite(number)) throw unreadable('a number, like 42 or 9.5');
      return { kind: 'equals', column, key: number };
    }
    case 'SERIAL':
      if (!DIGITS.test(value)) throw unreadable('a whole number in digits, like 42');
      return { kind: 'equals', column, key: Number(value) };
    case 'BOOLEAN':
      if (value !== 'true' && value !== 'false') throw unreadable('true or false');
      return { kind: 'equals', column, key: value === 'true' ? 1 : 0 };
    case 'DATETIME': {
      const day = dayOf(value);
      if (day !== null) return { kind: 'range', column, from: day, to: day + DAY_MS };
      const instant = instantOf(value);
      if (instant === null) {
        throw unreadable(
          'a date (2026-03-01) or an instant with its seconds and time zone (2026-03-01T09:30:00Z)',
        );
      }
      return { kind: 'equals', column, key: instant };
    }
    default:
      return { kind: 'equals', column, key: textKey(value) };
  }
}

/** Milliseconds of a UTC day `YYYY-MM-DD` that exists, or null. */
export function dayOf(text: string): number | null {
  const match = DAY.exec(text);
  if (match === null) return null;
  return utcMs(Number(match[1]), Number(match[2]), Number(match[3]), 0, 0, 0);
}

/**
 * Milliseconds of an RFC 3339 instant that exists, or null. Digits past the millisecond
 * stay as a fraction: such an instant equals no stored time (they are kept to the ms).
 */
export function instantOf(text: string): number | null {
  const match = INSTANT.exec(text);
  if (match === null) return null;
  const [, year, month, day, hour, minute, second, fraction, , sign, offsetHours, offsetMinutes] =
    match;
  if (Number(hour) > 23 || Number(minute) > 59) return null;
  if (Number(offsetHours ?? 0) > 23 || Number(offsetMinutes ?? 0) > 59) return null;
  const local = utcMs(
    Number(year),
    Number(month),
    Number(day),
    Number(hour),
    Number(minute),
    Number(second),
  );
  if (local === null) return null;
  const offset = (Number(offsetHours ?? 0) * 60 + Number(offsetMinutes ?? 0)) * 60_000;
  const digits = (fraction ?? '.').slice(1);
  // Times are kept to the millisecond: a finer instant is half a millisecond off, so it
  // equals none of them (rather than the millisecond it falls in).
  const finer = /[1-9]/.test(digits.slice(3)) ? 0.5 : 0;
  const milliseconds = Number(digits.slice(0, 3).padEnd(3, '0')) + finer;
  return local + milliseconds - (sign === '-' ? -offset : offset);
}

/** The instant of a calendar date and time in UTC, or null when the date does not exist. */
function utcMs(
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  second: number,
): number | null {
  const date = new Date(0);
  // setUTCFullYear, not Date.UTC: Date.UTC reads years 0–99 as 1900–1999.
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second, 0);
  const real =
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return real ? date.getTime() : null;
}
