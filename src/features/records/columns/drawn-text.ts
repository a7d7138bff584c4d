import type { DrawnCell } from '../../../components/data-table/canvas-painter';
import type { ColumnType } from '../../../lib/api/types';
import { type CellPart, cellPartOf } from './cell-parts';
import { filesText, moreItemsText } from './record-cell';

/** The linked record's label as known now (use-record-label.ts's reader). */
export type ReferenceLabel = (tableId: string | null, value: unknown) => string;

/** Links a multi-REFERENCE cell shows before "+N" (RecordReferences' default). */
const REFERENCES_SHOWN = 3;

/**
 * A value as the grid's canvas draws it while scrolling (decision 066): the part the DOM
 * cell shows (cell-parts.ts), as text in its tone.
 */
export function drawnTextOf(
  value: unknown,
  type: ColumnType,
  currency: string | null,
  linkedTableId: string | null,
  referenceLabel: ReferenceLabel,
): DrawnCell {
  return drawnPart(cellPartOf(value, type, currency), linkedTableId, referenceLabel);
}

function drawnPart(
  part: CellPart,
  linkedTableId: string | null,
  referenceLabel: ReferenceLabel,
): DrawnCell {
  switch (part.kind) {
    case 'empty':
      return { text: '—', tone: 'muted' };
    case 'plain':
    case 'number':
    case 'date':
    case 'text':
    case 'json':
      return part.text;
    case 'boolean':
      return part.value ? { text: '✓', tone: 'good' } : { text: '✗', tone: 'muted' };
    case 'link':
      return { text: part.text, tone: 'link' };
    case 'chip':
      return { chips: [part.text] };
    case 'chips':
      return part.more > 0
        ? { chips: part.items, more: moreItemsText(part.more) }
        : { chips: part.items };
    case 'files':
      return `${filesText(part.count)} ${part.names}`;
    case 'reference': {
      if (!Array.isArray(part.value))
        return { text: referenceLabel(linkedTableId, part.value), tone: 'link' };
      const shown = part.value
        .slice(0, REFERENCES_SHOWN)
        .map((value) => referenceLabel(linkedTableId, value));
      const more = part.value.length - shown.length;
      return { text: `${shown.join(', ')}${more > 0 ? ` +${more}` : ''}`, tone: 'link' };
    }
  }
}
