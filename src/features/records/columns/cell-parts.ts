// What a record's value shows in a cell, decided once for the grid's DOM cells
// (record-cell.tsx), the canvas drawn while the grid scrolls (drawn-text.ts, decision 066)
// and the cards: its formats and which kind of part (text, link, chip, date...) it is.
// No markup here: record-cell.tsx turns a part into elements, drawn-text.ts into text.
import type { ColumnType } from '../../../lib/api/types';
import {
  formatCurrency,
  formatDate,
  formatList,
  formatNumber,
  formatTimestamp,
} from '../../../lib/i18n/formats';
import { guessTypeOfValue, isIsoDateString } from './infer-columns';

/** Characters a cell shows before cutting off; the row panel shows the rest. */
export const CELL_TEXT_LIMIT = 200;
export const JSON_PREVIEW_LIMIT = 120;
export const MAX_CHIPS = 4;
export const CHIP_TEXT_LIMIT = 40;

// A date without a time means that calendar day: formatting it in UTC keeps it from shifting.
const DATE_ONLY: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeZone: 'UTC' };

/**
 * In the language on screen; as money when the column's settings (or the value itself,
 * see `moneyOf`) name an ISO 4217 currency ("1.234,50 €", "R$ 1.234,50").
 */
export function formatAmount(value: number, currency: string | null = null): string {
  // formatCurrency falls back to a plain number for three letters Intl doesn't know.
  return currency === null ? formatNumber(value) : formatCurrency(value, currency);
}

function currencyCodeOf(value: unknown): string | null {
  return typeof value === 'string' && /^[A-Za-z]{3}$/.test(value) ? value.toUpperCase() : null;
}

/** `settings.currency` of a NUMBER column (`{ "currency": "EUR" }`), when it is a currency code. */
export function currencyOf(settings: Record<string, unknown> | null): string | null {
  return currencyCodeOf(settings?.currency);
}

/**
 * A value that says its own currency (`{ "amount": 12.5, "currency": "BRL" }`, as a
 * FORMULA or AI column may hold): shown as money rather than as JSON.
 */
export function moneyOf(value: unknown): { amount: number; currency: string } | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const { amount, currency } = value as { amount?: unknown; currency?: unknown };
  const code = currencyCodeOf(currency);
  return typeof amount === 'number' && Number.isFinite(amount) && code !== null
    ? { amount, currency: code }
    : null;
}

/** `settings.table_id` of a REFERENCE column: the table its values point into. */
export function linkedTableOf(settings: Record<string, unknown> | null): string | null {
  const tableId = settings?.table_id ?? settings?.tableId;
  return typeof tableId === 'string' && tableId !== '' ? tableId : null;
}

/** A date or timestamp in the language on screen; null when it is not one. */
export function formatDateValue(iso: string): string | null {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return null;
  return /^\d{4}-\d{2}-\d{2}$/.test(iso) ? formatDate(time, DATE_ONLY) : formatTimestamp(iso);
}

/** Only http(s) values become links: `javascript:` and friends stay text. */
export function httpUrlOf(value: unknown): string | null {
  // Most text is no link: answered without the URL parser, whose exception for a
  // non-URL cost a grid cell ~2 µs every time it was drawn.
  if (typeof value !== 'string' || !/^\s*https?:/i.test(value)) return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

export function mailtoOf(value: unknown): string | null {
  if (typeof value !== 'string' || !/^[^\s@:/]+@[^\s@/]+\.[^\s@/]+$/.test(value)) return null;
  return `mailto:${value}`;
}

export function truncate(text: string, limit: number): string {
  return text.length > limit ? `${text.slice(0, limit)}…` : text;
}

export function jsonPreview(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    // Circular or BigInt: unlikely from JSON, but a cell must never throw.
    return String(value);
  }
}

/** A value as a cell shows it: the kind of element and its (formatted, cut) text. */
export type CellPart =
  | { kind: 'empty' }
  /** A number formatted without a wrapper (a value whose shape is a number). */
  | { kind: 'plain'; text: string }
  | { kind: 'number'; text: string }
  | { kind: 'boolean'; value: boolean }
  | { kind: 'date'; iso: string; text: string }
  | { kind: 'text'; text: string }
  | { kind: 'link'; href: string; text: string; external: boolean }
  | { kind: 'chip'; text: string }
  /** Up to MAX_CHIPS chips, and how many more there are. */
  | { kind: 'chips'; items: string[]; more: number }
  | { kind: 'files'; count: number; names: string }
  | { kind: 'json'; text: string }
  | { kind: 'reference'; value: unknown };

const EMPTY: CellPart = { kind: 'empty' };

/** What a cell shows for a value of a column of `type`: one place for every skin's rules. */
export function cellPartOf(value: unknown, type: ColumnType, currency: string | null): CellPart {
  if (value === null || value === undefined || value === '') return EMPTY;
  switch (type) {
    case 'NUMBER':
    case 'SERIAL':
      return typeof value === 'number'
        ? { kind: 'number', text: formatAmount(value, currency) }
        : partByShape(value);
    case 'BOOLEAN':
      return typeof value === 'boolean' ? { kind: 'boolean', value } : partByShape(value);
    case 'DATETIME':
      return typeof value === 'string' && isIsoDateString(value)
        ? datePart(value)
        : partByShape(value);
    case 'URL': {
      const href = httpUrlOf(value);
      if (href === null || typeof value !== 'string') return partByShape(value);
      return { kind: 'link', href, text: truncate(value, CELL_TEXT_LIMIT), external: true };
    }
    case 'EMAIL': {
      const href = mailtoOf(value);
      if (href === null || typeof value !== 'string') return partByShape(value);
      return { kind: 'link', href, text: truncate(value, CELL_TEXT_LIMIT), external: false };
    }
    case 'SELECT':
      return typeof value === 'string'
        ? { kind: 'chip', text: truncate(value, CHIP_TEXT_LIMIT) }
        : partByShape(value);
    case 'MULTISELECT':
      return Array.isArray(value) ? chipsPart(value) : partByShape(value);
    case 'FILE':
      return Array.isArray(value) ? filesPart(value) : partByShape(value);
    case 'REFERENCE':
      return { kind: 'reference', value };
    case 'FORMULA':
    case 'AI':
      return typeof value === 'object' && moneyOf(value) === null
        ? jsonPart(value)
        : partByShape(value);
    default:
      return partByShape(value);
  }
}

function partByShape(value: unknown): CellPart {
  const shape = guessTypeOfValue(value);
  if (shape === 'NUMBER' && typeof value === 'number')
    return { kind: 'plain', text: formatAmount(value) };
  const money = moneyOf(value);
  if (money) return { kind: 'number', text: formatAmount(money.amount, money.currency) };
  if (shape === 'BOOLEAN' && typeof value === 'boolean') return { kind: 'boolean', value };
  if (shape === 'DATETIME' && typeof value === 'string') return datePart(value);
  if (typeof value === 'string') return { kind: 'text', text: truncate(value, CELL_TEXT_LIMIT) };
  if (shape === 'MULTISELECT' && Array.isArray(value)) return chipsPart(value);
  if (shape === 'FILE' && Array.isArray(value)) return filesPart(value);
  return jsonPart(value);
}

function datePart(iso: string): CellPart {
  const text = formatDateValue(iso);
  return text === null
    ? { kind: 'text', text: truncate(iso, CELL_TEXT_LIMIT) }
    : { kind: 'date', iso, text };
}

function chipsPart(items: readonly unknown[]): CellPart {
  return {
    kind: 'chips',
    items: items
      .slice(0, MAX_CHIPS)
      .map((item) =>
        truncate(typeof item === 'string' ? item : jsonPreview(item), CHIP_TEXT_LIMIT),
      ),
    more: Math.max(0, items.length - MAX_CHIPS),
  };
}

function filesPart(files: readonly unknown[]): CellPart {
  const names = files.map((file) =>
    typeof file === 'object' && file !== null && 'name' in file
      ? String(file.name)
      : jsonPreview(file),
  );
  return {
    kind: 'files',
    count: files.length,
    names: truncate(formatList(names, 'unit'), CELL_TEXT_LIMIT),
  };
}

function jsonPart(value: unknown): CellPart {
  return { kind: 'json', text: truncate(jsonPreview(value), JSON_PREVIEW_LIMIT) };
}
