import type { Column } from '../../../lib/api/types';
import { useT } from '../../../lib/i18n/i18n-react';
import type { MessageKey } from '../../../lib/i18n/message-keys';
import { groupingColumnsOf } from '../board/board-groups';
import { dateColumnsOf } from '../calendar/records-calendar';
import type { RecordsDisplay } from './records-display';

export type DisplayKind = 'table' | 'cards' | 'board' | 'calendar';

const LABELS: Record<DisplayKind, MessageKey> = {
  table: 'records.cards.layoutTable',
  cards: 'records.cards.layoutCards',
  board: 'records.layout.board',
  calendar: 'records.layout.calendar',
};

/** The ways this table's records can be drawn: a board needs a choice column, a calendar a date. */
export function displayKindsOf(columns: readonly Column[], narrow: boolean): DisplayKind[] {
  return [
    ...(narrow ? (['cards'] as const) : (['table', 'cards'] as const)),
    ...(groupingColumnsOf(columns).length > 0 ? (['board'] as const) : []),
    ...(dateColumnsOf(columns).length > 0 ? (['calendar'] as const) : []),
  ];
}

/** What choosing `kind` puts in the address: a board or calendar by the first column there is. */
export function displayFor(kind: DisplayKind, columns: readonly Column[]): RecordsDisplay | null {
  if (kind === 'board') return { kind, group: groupingColumnsOf(columns)[0]?.name ?? null };
  if (kind === 'calendar') return { kind, date: dateColumnsOf(columns)[0]?.name ?? null };
  return null;
}

/**
 * Table, Cards, Board, Calendar: one radio group in the toolbar (in the cards' menu on a
 * phone, where the table is not offered). Only the kinds the table can show are offered.
 */
export function DisplaySwitch({
  kinds,
  current,
  onChoose,
}: {
  kinds: readonly DisplayKind[];
  current: DisplayKind;
  onChoose: (kind: DisplayKind) => void;
}) {
  const t = useT();
  if (kinds.length < 2) return null;
  return (
    <fieldset className="flex flex-wrap items-center gap-1 text-sm">
      <legend className="sr-only">{t('records.cards.layoutLegend')}</legend>
      {kinds.map((kind) => (
        <label
          key={kind}
          className="flex h-8 cursor-pointer items-center gap-1.5 rounded border border-slate-300 px-2 has-checked:border-blue-600 has-checked:bg-blue-50 has-focus-visible:outline-2 has-focus-visible:outline-blue-600 pointer-coarse:h-11 dark:border-slate-700 dark:has-checked:bg-blue-950"
        >
          <input
            type="radio"
            name="records-layout"
            className="sr-only"
            checked={current === kind}
            onChange={() => onChoose(kind)}
          />
          {t(LABELS[kind])}
        </label>
      ))}
    </fieldset>
  );
}
