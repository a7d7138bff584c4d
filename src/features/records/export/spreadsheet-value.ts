import type { Column } from '../../../lib/api/types';

/**
 * Names a REFERENCE id when the dashboard has loaded the linked record's label; null when
 * it has not (the id alone is written then).
 */
export type ReferenceLabeler = (column: Column, id: string) => string | null;

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

function referenceText(id: unknown, column: Column, labelOf: ReferenceLabeler | null): string {
  const text = typeof id === 'string' ? id : jsonText(id);
  const label = labelOf && typeof id === 'string' ? labelOf(column, id) : null;
  return label ? `${label} (${text})` : text;
}

/**
 * A record value as a spreadsheet cell: numbers stay numbers (so they are never mistaken
 * for formulas, and a spreadsheet reads them as numbers), everything else becomes text.
 * Dates are left as the service's ISO 8601 text, which every spreadsheet app parses.
 */
export function spreadsheetValueOf(
  value: unknown,
  column: Column,
  labelOf: ReferenceLabeler | null = null,
): string | number {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'string') {
    return column.type === 'REFERENCE' ? referenceText(value, column, labelOf) : value;
  }
  if (Array.isArray(value)) {
    switch (column.type) {
      case 'FILE':
        return value.map(fileNameOf).join(LIST_SEPARATOR);
      case 'REFERENCE':
        return value.map((id) => referenceText(id, column, labelOf)).join(LIST_SEPARATOR);
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
