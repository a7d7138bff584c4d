import { memo, type ReactNode } from 'react';
import type { CellTitle } from '../../../components/data-table/cell-tooltip';
import type { ColumnType } from '../../../lib/api/types';
import {
  formatCurrency,
  formatDate,
  formatList,
  formatNumber,
  formatTimestamp,
} from '../../../lib/i18n/formats';
// The module's `t`, not a hook: a cell is drawn again when the language changes through
// RecordCell's `locale` (a panel through its own useT). A locale hook in every cell was
// ~60 MB allocated per 20,000 records scrolled, and old-heap collections in long frames.
import { activeLocale, t } from '../../../lib/i18n/i18n';
import type { AppLocale } from '../../../lib/i18n/locales';
import { GridReference } from './grid-reference';
import { guessTypeOfValue, isIsoDateString } from './infer-columns';

/** Characters a cell shows before cutting off; the row panel shows the rest. */
export const CELL_TEXT_LIMIT = 200;
const JSON_PREVIEW_LIMIT = 120;
const MAX_CHIPS = 4;
const CHIP_TEXT_LIMIT = 40;

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

// Grid cells are drawn by the dozen every scroll frame: no wrapper elements around the parts,
// and the parts are functions returning elements, not components. A component per part was a
// fiber more per cell drawn, and a cell recycled from an empty value to a text (or a link)
// changed component and so dropped its elements for new ones; as plain elements React keeps
// the span and changes its text and attributes.
/**
 * The cells' words without values ("empty", "yes", "no"), per language: formatted once,
 * not again for every cell drawn (each formatting allocates, and a fast scroll draws
 * thousands of cells).
 */
const cellWords = new Map<string, Map<CellWord, string>>();
type CellWord = 'common.value.empty' | 'common.value.yes' | 'common.value.no';
function cellWord(key: CellWord): string {
  const locale = activeLocale();
  let words = cellWords.get(locale);
  if (!words) {
    words = new Map();
    cellWords.set(locale, words);
  }
  let word = words.get(key);
  if (word === undefined) {
    word = t(key);
    words.set(key, word);
  }
  return word;
}

function emptyValue(): ReactNode {
  return (
    <>
      <span aria-hidden="true" className="text-slate-400 dark:text-slate-500">
        —
      </span>
      <span className="sr-only">{cellWord('common.value.empty')}</span>
    </>
  );
}

/** The panel's empty value; the grid's cells call `emptyValue` (see above). */
export function EmptyValue() {
  return emptyValue();
}

function textValue(text: string): ReactNode {
  // dir="auto" lets right-to-left values read correctly without flipping the grid.
  return (
    <span dir="auto" translate="no" className="truncate">
      {truncate(text, CELL_TEXT_LIMIT)}
    </span>
  );
}

const CHIP_CLASS =
  'max-w-[12rem] truncate rounded bg-slate-100 px-1.5 text-xs leading-5 text-slate-800 dark:bg-slate-800 dark:text-slate-200';

/** A SELECT value: one chip, without the list's wrapper. */
function chip(text: string): ReactNode {
  return (
    <span dir="auto" translate="no" className={CHIP_CLASS}>
      {truncate(text, CHIP_TEXT_LIMIT)}
    </span>
  );
}

function chips(items: readonly unknown[]): ReactNode {
  const shown = items.slice(0, MAX_CHIPS);
  return (
    <span className="flex min-w-0 gap-1 overflow-hidden">
      {shown.map((item, index) => (
        <span
          // Values may repeat, so position is part of the key.
          // biome-ignore lint/suspicious/noArrayIndexKey: a chip list never reorders in place
          key={index}
          dir="auto"
          translate="no"
          className={CHIP_CLASS}
        >
          {truncate(typeof item === 'string' ? item : jsonPreview(item), CHIP_TEXT_LIMIT)}
        </span>
      ))}
      {items.length > MAX_CHIPS ? (
        <span className="text-xs leading-5 text-slate-500 dark:text-slate-400">
          {t('records.cell.moreItems', { count: formatNumber(items.length - MAX_CHIPS) })}
        </span>
      ) : null}
    </span>
  );
}

function filesValue(files: readonly unknown[]): ReactNode {
  const names = files.map((file) =>
    typeof file === 'object' && file !== null && 'name' in file
      ? String(file.name)
      : jsonPreview(file),
  );
  return (
    <span className="truncate">
      <span className="text-slate-500 dark:text-slate-400">
        {t('records.cell.files', { count: files.length })}{' '}
      </span>
      <span translate="no">{truncate(formatList(names, 'unit'), CELL_TEXT_LIMIT)}</span>
    </span>
  );
}

function booleanValue(value: boolean): ReactNode {
  return value ? (
    <>
      <span aria-hidden="true" className="text-emerald-700 dark:text-emerald-400">
        ✓
      </span>
      <span className="sr-only">{cellWord('common.value.yes')}</span>
    </>
  ) : (
    <>
      <span aria-hidden="true" className="text-slate-400 dark:text-slate-500">
        ✗
      </span>
      <span className="sr-only">{cellWord('common.value.no')}</span>
    </>
  );
}

function jsonValue(value: unknown): ReactNode {
  return (
    <code translate="no" className="truncate font-mono text-xs text-slate-600 dark:text-slate-300">
      {truncate(jsonPreview(value), JSON_PREVIEW_LIMIT)}
    </code>
  );
}

function numberValue(amount: number, currency: string | null): ReactNode {
  // A narrow column cuts a long number with an ellipsis; the whole value is in the cell's
  // tooltip (cellTitleOf).
  return (
    <span translate="no" className="block truncate tabular-nums">
      {formatAmount(amount, currency)}
    </span>
  );
}

function renderByShape(value: unknown): ReactNode {
  const shape = guessTypeOfValue(value);
  if (shape === 'NUMBER' && typeof value === 'number') return formatAmount(value);
  const money = moneyOf(value);
  if (money) return numberValue(money.amount, money.currency);
  if (shape === 'BOOLEAN' && typeof value === 'boolean') return booleanValue(value);
  if (shape === 'DATETIME' && typeof value === 'string') return dateValue(value);
  if (typeof value === 'string') return textValue(value);
  if (shape === 'MULTISELECT' && Array.isArray(value)) return chips(value);
  if (shape === 'FILE' && Array.isArray(value)) return filesValue(value);
  return jsonValue(value);
}

function dateValue(iso: string): ReactNode {
  const readable = formatDateValue(iso);
  if (readable === null) return textValue(iso);
  return (
    <time dateTime={iso} translate="no" className="truncate tabular-nums">
      {readable}
    </time>
  );
}

/**
 * A grid cell's whole value as text, for its tooltip on hover or keyboard focus (one per
 * grid, data-table/cell-tooltip.tsx, in place of a `title` on every cell): `more` when the
 * cell shows less than the value however wide it is. Null when the cell shows it all in
 * any width (empty, a boolean) or the cell is a link with its own label (REFERENCE).
 */
export function cellTitleOf(
  value: unknown,
  type: ColumnType,
  currency: string | null = null,
): CellTitle | null {
  if (value === null || value === undefined || value === '' || typeof value === 'boolean')
    return null;
  if (type === 'REFERENCE') return null;
  if (typeof value === 'number') return { text: formatAmount(value, currency), more: false };
  const money = moneyOf(value);
  if (money) return { text: formatAmount(money.amount, money.currency), more: false };
  if (typeof value === 'string') {
    // A date shows its readable form; the tooltip has the exact time as sent.
    if (type !== 'SELECT' && isIsoDateString(value) && formatDateValue(value) !== null)
      return { text: value, more: true };
    return {
      text: value,
      more: value.length > (type === 'SELECT' ? CHIP_TEXT_LIMIT : CELL_TEXT_LIMIT),
    };
  }
  const shape = guessTypeOfValue(value);
  if (Array.isArray(value) && (type === 'FILE' || (type !== 'MULTISELECT' && shape === 'FILE'))) {
    const text = formatList(
      value.map((file) =>
        typeof file === 'object' && file !== null && 'name' in file
          ? String(file.name)
          : jsonPreview(file),
      ),
      'unit',
    );
    return { text, more: text.length > CELL_TEXT_LIMIT };
  }
  if (Array.isArray(value) && (type === 'MULTISELECT' || shape === 'MULTISELECT')) {
    const items = value.map((item) => (typeof item === 'string' ? item : jsonPreview(item)));
    return {
      text: formatList(items, 'unit'),
      more: items.length > MAX_CHIPS || items.some((item) => item.length > CHIP_TEXT_LIMIT),
    };
  }
  const json = jsonPreview(value);
  return { text: json, more: json.length > JSON_PREVIEW_LIMIT };
}

/** One record value, rendered for its column type; always as text, never as markup. */
export const RecordCell = memo(function RecordCell({
  value,
  type,
  currency = null,
  linkedTableId = null,
}: {
  value: unknown;
  type: ColumnType;
  /** The language on screen: a new one draws the value again, in its formats. */
  locale: AppLocale;
  /** For NUMBER columns whose settings name a currency (see `currencyOf`). */
  currency?: string | null;
  /** For REFERENCE columns: the linked table (see `linkedTableOf`). */
  linkedTableId?: string | null;
}) {
  if (value === null || value === undefined || value === '') return emptyValue();
  switch (type) {
    case 'NUMBER':
    case 'SERIAL': {
      if (typeof value !== 'number') return renderByShape(value);
      return numberValue(value, currency);
    }
    case 'BOOLEAN':
      return typeof value === 'boolean' ? booleanValue(value) : renderByShape(value);
    case 'DATETIME':
      return typeof value === 'string' && isIsoDateString(value)
        ? dateValue(value)
        : renderByShape(value);
    case 'URL': {
      const href = httpUrlOf(value);
      if (href === null || typeof value !== 'string') return renderByShape(value);
      return (
        <a
          href={href}
          target="_blank"
          rel="noopener noreferrer"
          translate="no"
          className="truncate text-blue-700 underline dark:text-blue-400"
          onClick={(event) => event.stopPropagation()}
        >
          {truncate(value, CELL_TEXT_LIMIT)}
        </a>
      );
    }
    case 'EMAIL': {
      const href = mailtoOf(value);
      if (href === null || typeof value !== 'string') return renderByShape(value);
      return (
        <a
          href={href}
          translate="no"
          className="truncate text-blue-700 underline dark:text-blue-400"
          onClick={(event) => event.stopPropagation()}
        >
          {truncate(value, CELL_TEXT_LIMIT)}
        </a>
      );
    }
    case 'SELECT':
      return typeof value === 'string' ? chip(value) : renderByShape(value);
    case 'MULTISELECT':
      return Array.isArray(value) ? chips(value) : renderByShape(value);
    case 'FILE':
      return Array.isArray(value) ? filesValue(value) : renderByShape(value);
    case 'REFERENCE':
      return <GridReference tableId={linkedTableId} value={value} />;
    case 'FORMULA':
    case 'AI':
      return typeof value === 'object' && moneyOf(value) === null
        ? jsonValue(value)
        : renderByShape(value);
    default:
      return renderByShape(value);
  }
});
