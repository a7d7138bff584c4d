import type { Column, ColumnType } from '../../../lib/api/types';
import { t } from '../../../lib/i18n/i18n';

const UNFILTERABLE: readonly ColumnType[] = ['FILE', 'FORMULA', 'AI'];
const NUMERIC: readonly ColumnType[] = ['NUMBER', 'SERIAL'];
const TEXT_LIKE: readonly ColumnType[] = ['TEXT', 'LONGTEXT', 'EMAIL', 'PHONE', 'URL', 'SELECT'];

export function isNumericType(type: ColumnType): boolean {
  return NUMERIC.includes(type);
}

export function isTextLikeType(type: ColumnType): boolean {
  return TEXT_LIKE.includes(type);
}

/**
 * Why a column can't be filtered, in words for a tooltip (in the language on screen when
 * called, so call it while rendering); null when it can.
 */
export function unfilterableReason(type: ColumnType): string | null {
  if (!UNFILTERABLE.includes(type)) return null;
  if (type === 'FILE') return t('records.cell.unfilterableFile');
  if (type === 'AI') return t('records.cell.unfilterableAi');
  return t('records.cell.unfilterableFormula');
}

export interface ChoiceOption {
  value: string;
  label: string;
}

/**
 * SELECT options from `settings.options`, which services write as strings or as
 * `{ label, value }` / `{ name }` objects; null when none are listed.
 */
export function selectOptionsOf(column: Column): ChoiceOption[] | null {
  const options = column.settings?.options;
  if (!Array.isArray(options) || options.length === 0) return null;
  const choices: ChoiceOption[] = [];
  for (const option of options) {
    if (typeof option === 'string') {
      choices.push({ value: option, label: option });
    } else if (typeof option === 'object' && option !== null) {
      const record = option as Record<string, unknown>;
      const value = [record.value, record.name, record.label].find((v) => typeof v === 'string');
      const label = [record.label, record.name, record.value].find((v) => typeof v === 'string');
      if (typeof value === 'string')
        choices.push({ value, label: typeof label === 'string' ? label : value });
    }
  }
  return choices.length > 0 ? choices : null;
}

export type FilterInputKind = 'text' | 'number' | 'date' | 'boolean' | 'choice' | 'none';

export function filterInputKindOf(column: Column): FilterInputKind {
  if (unfilterableReason(column.type) !== null) return 'none';
  if (column.type === 'BOOLEAN') return 'boolean';
  if (isNumericType(column.type)) return 'number';
  if (column.type === 'DATETIME') return 'date';
  if (
    (column.type === 'SELECT' || column.type === 'MULTISELECT') &&
    selectOptionsOf(column) !== null
  )
    return 'choice';
  return 'text';
}
