// Room filter/: filtering the view on one column, under the grid's header or in the cards'
// sheet. Owns the filter input shaped by the column's type (here) and filtering on a linked
// record by its name (reference-filter.tsx; the records found by the text typed in
// reference-search.ts, the linked table read or asked in use-reference-search.ts).
// May import columns/, shared/, lib/, components/.
import { useDeferredValue } from 'react';
import { FilterInput } from '../../../components/data-table/filter-input';
import type { Column } from '../../../lib/api/types';
import { useT } from '../../../lib/i18n/i18n-react';
import type { MessageKey } from '../../../lib/i18n/message-keys';
import { filterInputKindOf, selectOptionsOf, unfilterableReason } from '../columns/column-kinds';
import { linkedTableOf } from '../columns/record-cell';
import { ReferenceFilter } from './reference-filter';

/**
 * Where an empty filter's box will be, as tall and wide as the box (filter-input.tsx's and
 * reference-filter.tsx's), before it is drawn: the header keeps its size, the rows their place.
 * Here, not beside the box: that module is in the connect screen's first script.
 */
function FilterPlaceholder() {
  return (
    <div className="min-w-0">
      <span
        aria-hidden="true"
        className="block h-7 w-full rounded pointer-coarse:h-11 border border-slate-300 bg-white dark:border-slate-700 dark:bg-slate-900"
      />
    </div>
  );
}

/** The filter input under one column header, shaped by the column's type. */
export function ColumnFilter({
  column,
  value,
  error,
  onCommit,
}: {
  column: Column;
  value: string | undefined;
  error: string | null;
  onCommit: (value: string | null, mode: { replace: boolean }) => void;
}) {
  const t = useT();
  // An empty filter's box is drawn in a render after the one that shows the table's first
  // rows (issue 31): ten filters, a linked record's search and the date field's code were
  // ~a quarter of the records screen's first render, in the task before its first row.
  // A filter that holds a value or a refusal is drawn at once, as it is.
  const drawn = useDeferredValue(true, false);
  if (!drawn && value === undefined && !error) return <FilterPlaceholder />;
  const linkedTableId = column.type === 'REFERENCE' ? linkedTableOf(column.settings) : null;
  // A record is chosen by its name from the linked table; the filter carries its id.
  if (linkedTableId !== null) {
    return (
      <ReferenceFilter
        label={column.name}
        linkedTableId={linkedTableId}
        value={value}
        error={error}
        onCommit={onCommit}
      />
    );
  }
  const kind = filterInputKindOf(column);
  const options = kind === 'choice' ? (selectOptionsOf(column) ?? []) : [];
  // The service's filters are exact; a list item filter is a containment test. Say so.
  const isList = column.type === 'MULTISELECT';
  return (
    <FilterInput
      label={column.name}
      kind={kind}
      value={value}
      onCommit={onCommit}
      choices={
        isList
          ? options.map((option) => ({
              ...option,
              label: t('records.filter.containsOption', { option: option.label }),
            }))
          : options
      }
      anyLabel={t(isList ? 'records.filter.containsAny' : 'records.filter.isAny')}
      placeholder={t(placeholderOf(column))}
      error={error}
      disabledReason={unfilterableReason(column.type)}
    />
  );
}

function placeholderOf(column: Column): MessageKey {
  if (column.type === 'MULTISELECT') return 'records.filter.containsPlaceholder';
  if (column.type === 'REFERENCE') return 'records.filter.referenceIdPlaceholder';
  return 'records.filter.equalsPlaceholder';
}
