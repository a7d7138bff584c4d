import type { Column } from '../../../../lib/api/types';

/** Separator for list values (MULTISELECT, FILE names, multi-REFERENCE): what the grid shows. */
export const LIST_SEPARATOR = ', ';

function fileNameOf(file: unknown): string {
  if (typeof file === 'object' && file !== null && 'name' in file) {
    const name = (file as { name: unknown }).name;
    if (typeof name === 'string') return name;
  }
  return jsonText(file);
}

function jsonText(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    // Circular or BigInt: not from JSON, but an export must never throw on a value.
    return String(value);
  }
}

function referenceText(id: unknown): string {
  return typeof id === 'string' ? id : jsonText(id);
}

/**
 * A REFERENCE value's names as one cell, in the order of its ids (a name that could not be
 * read is empty, so the names still line up with the ids beside them).
 */
export function referenceNamesText(
  value: unknown,
  nameOf: (item: unknown) => string | null,
): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map((item) => nameOf(item) ?? '').join(LIST_SEPARATOR);
  return nameOf(value) ?? '';
}

/**
 * A record value as a spreadsheet cell: numbers stay numbers (so they are never mistaken
 * for formulas, and a spreadsheet reads them as numbers), everything else becomes text.
 * Dates are left as the service's ISO 8601 text, which every spreadsheet app parses.
 */
export function spreadsheetValueOf(value: unknown, column: Column): string | number {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'string') {
    return value;
  }
  if (Array.isArray(value)) {
    switch (column.type) {
      case 'FILE':
        return value.map(fileNameOf).join(LIST_SEPARATOR);
      case 'REFERENCE':
        return value.map(referenceText).join(LIST_SEPARATOR);
      case 'FORMULA':
      case 'AI':
        return jsonText(value);
      default:
        if (value.every((item) => typeof item === 'string' || typeof item === 'number')) {
          return value.join(LIST_SEPARATOR);
        }
        return jsonText(value);
    }
  }
  return jsonText(value);
}
