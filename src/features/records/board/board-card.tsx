import { memo } from 'react';
import type { Column, RecordRow } from '../../../lib/api/types';
import { useLocale } from '../../../lib/i18n/i18n-react';
import { recordLabelOf } from '../../../lib/record-label';
import { currencyOf, linkedTableOf, RecordCell } from '../columns/record-cell';

/**
 * One record on a board: titled by what the record is called by, the view's next fields
 * under it (as a phone's cards show them), each drawn by the grid's own cell renderer. The
 * title is the card's button (Enter opens the record); the whole card is a larger target
 * for the same action.
 */
function BoardCardInner({
  record,
  columns,
  fieldColumns,
  onOpen,
}: {
  record: RecordRow;
  /** The table's columns: the one a record is called by titles the card. */
  columns: readonly Column[];
  /** The fields shown under the title, in the view's order. */
  fieldColumns: readonly Column[];
  onOpen: (record: RecordRow) => void;
}) {
  const locale = useLocale();
  const title = recordLabelOf(record, columns) ?? record.id;
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the title button inside handles Enter and Space
    // biome-ignore lint/a11y/noStaticElementInteractions: as above; the card is a larger target for the same button
    <div
      onClick={(event) => {
        // A link inside a field (a linked record, a URL) goes where it says.
        if ((event.target as HTMLElement).closest('a')) return;
        onOpen(record);
      }}
      className="cursor-pointer rounded-lg border border-slate-200 bg-white p-3 shadow-sm hover:border-blue-400 dark:border-slate-800 dark:bg-slate-900 dark:hover:border-blue-500"
    >
      <h3 className="text-sm font-semibold">
        <button
          type="button"
          onClick={(event) => {
            event.stopPropagation();
            onOpen(record);
          }}
          className="min-h-6 w-full rounded text-left break-words [overflow-wrap:anywhere] hover:text-blue-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 pointer-coarse:min-h-11 dark:hover:text-blue-300"
        >
          <span dir="auto" translate="no">
            {title}
          </span>
        </button>
      </h3>
      {fieldColumns.length > 0 ? (
        <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1.5 text-xs">
          {fieldColumns.map((column) => (
            <div key={column.name} className="min-w-0">
              <dt dir="auto" translate="no" className="truncate text-slate-600 dark:text-slate-400">
                {column.name}
              </dt>
              <dd
                translate="no"
                className="flex max-h-12 min-w-0 flex-wrap items-center gap-1 overflow-hidden [overflow-wrap:anywhere]"
              >
                <RecordCell
                  value={record.fields[column.name] ?? null}
                  type={column.type}
                  locale={locale}
                  currency={column.type === 'NUMBER' ? currencyOf(column.settings) : null}
                  linkedTableId={
                    column.type === 'REFERENCE' ? linkedTableOf(column.settings) : null
                  }
                />
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
    </div>
  );
}

// A card draws again only when its record or the fields shown change, not as others load.
export const BoardCard = memo(BoardCardInner);
