import { memo, type ReactNode } from 'react';
import type { CellTitle } from '../../../components/data-table/cell-tooltip';
import type { ColumnType } from '../../../lib/api/types';
import { formatList, formatNumber } from '../../../lib/i18n/formats';
// The module's `t`, not a hook: a cell is drawn again when the language changes through
// RecordCell's `locale` (a panel through its own useT). A locale hook in every cell was
// ~60 MB allocated per 20,000 records scrolled, and old-heap collections in long frames.
import { activeLocale, t } from '../../../lib/i18n/i18n';
import type { AppLocale } from '../../../lib/i18n/locales';
import {
  CELL_TEXT_LIMIT,
  type CellPart,
  CHIP_TEXT_LIMIT,
  cellPartOf,
  formatAmount,
  formatDateValue,
  JSON_PREVIEW_LIMIT,
  jsonPreview,
  MAX_CHIPS,
  moneyOf,
} from './cell-parts';
import { GridReference } from './grid-reference';
import { guessTypeOfValue, isIsoDateString } from './infer-columns';

export {
  CELL_TEXT_LIMIT,
  currencyOf,
  formatAmount,
  formatDateValue,
  httpUrlOf,
  jsonPreview,
  linkedTableOf,
  mailtoOf,
  moneyOf,
  truncate,
} from './cell-parts';

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
      {text}
    </span>
  );
}

const CHIP_CLASS =
  'max-w-[12rem] truncate rounded bg-slate-100 px-1.5 text-xs leading-5 text-slate-800 dark:bg-slate-800 dark:text-slate-200';

/** A SELECT value: one chip, without the list's wrapper. */
function chip(text: string): ReactNode {
  return (
    <span dir="auto" translate="no" className={CHIP_CLASS}>
      {text}
    </span>
  );
}

/** How the grid and the canvas say the chips left out ("+2"). */
export function moreItemsText(more: number): string {
  return t('records.cell.moreItems', { count: formatNumber(more) });
}

function chips(items: readonly string[], more: number): ReactNode {
  return (
    <span className="flex min-w-0 gap-1 overflow-hidden">
      {items.map((item, index) => (
        <span
          // Values may repeat, so position is part of the key.
          // biome-ignore lint/suspicious/noArrayIndexKey: a chip list never reorders in place
          key={index}
          dir="auto"
          translate="no"
          className={CHIP_CLASS}
        >
          {item}
        </span>
      ))}
      {more > 0 ? (
        <span className="text-xs leading-5 text-slate-500 dark:text-slate-400">
          {moreItemsText(more)}
        </span>
      ) : null}
    </span>
  );
}

/** How the grid and the canvas name a list of files ("2 files"). */
export function filesText(count: number): string {
  return t('records.cell.files', { count });
}

function filesValue(count: number, names: string): ReactNode {
  return (
    <span className="truncate">
      <span className="text-slate-500 dark:text-slate-400">{filesText(count)} </span>
      <span translate="no">{names}</span>
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

function jsonValue(text: string): ReactNode {
  return (
    <code translate="no" className="truncate font-mono text-xs text-slate-600 dark:text-slate-300">
      {text}
    </code>
  );
}

function numberValue(text: string): ReactNode {
  // A narrow column cuts a long number with an ellipsis; the whole value is in the cell's
  // tooltip (cellTitleOf).
  return (
    <span translate="no" className="block truncate tabular-nums">
      {text}
    </span>
  );
}

function dateValue(iso: string, text: string): ReactNode {
  return (
    <time dateTime={iso} translate="no" className="truncate tabular-nums">
      {text}
    </time>
  );
}

function linkValue(href: string, text: string, external: boolean): ReactNode {
  return (
    <a
      href={href}
      target={external ? '_blank' : undefined}
      rel={external ? 'noopener noreferrer' : undefined}
      translate="no"
      className="truncate text-blue-700 underline dark:text-blue-400"
      onClick={(event) => event.stopPropagation()}
    >
      {text}
    </a>
  );
}

/** A cell's part as elements (cell-parts.ts decides which part a value is). */
function partElements(part: CellPart, linkedTableId: string | null): ReactNode {
  switch (part.kind) {
    case 'empty':
      return emptyValue();
    case 'plain':
      return part.text;
    case 'number':
      return numberValue(part.text);
    case 'boolean':
      return booleanValue(part.value);
    case 'date':
      return dateValue(part.iso, part.text);
    case 'text':
      return textValue(part.text);
    case 'link':
      return linkValue(part.href, part.text, part.external);
    case 'chip':
      return chip(part.text);
    case 'chips':
      return chips(part.items, part.more);
    case 'files':
      return filesValue(part.count, part.names);
    case 'json':
      return jsonValue(part.text);
    case 'reference':
      return <GridReference tableId={linkedTableId} value={part.value} />;
  }
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
  return partElements(cellPartOf(value, type, currency), linkedTableId);
});
