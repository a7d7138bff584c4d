import type { Column } from '../../../lib/api/types';
import { useT } from '../../../lib/i18n/i18n-react';
import type { MessageKey } from '../../../lib/i18n/message-keys';
import { groupingColumnsOf } from '../board/board-groups';
import { dateColumnsOf } from '../calendar/date-columns';
import type { useRecordsLayout } from '../cards/use-records-layout';
import type { RecordsDisplay } from './records-display';
import type { useRecordsDisplay } from './use-records-display';

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

/**
 * The switch as the records screen offers it: Table or Cards are the device's choice (the
 * display leaves the address), a board or a calendar goes into the address by the first
 * column that can carry it.
 */
export function RecordsLayoutSwitch({
  columns,
  layout,
  displayed,
}: {
  columns: readonly Column[];
  layout: ReturnType<typeof useRecordsLayout>;
  displayed: ReturnType<typeof useRecordsDisplay>;
}) {
  return (
    <DisplaySwitch
      kinds={displayKindsOf(columns, layout.narrow)}
      current={displayed.display?.kind ?? layout.layout}
      onChoose={(kind) => {
        if (kind === 'table' || kind === 'cards') {
          if (!layout.narrow) layout.choose(kind);
          displayed.setDisplay(null);
        } else displayed.setDisplay(displayFor(kind, columns));
      }}
    />
  );
}
