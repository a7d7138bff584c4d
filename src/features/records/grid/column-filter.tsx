import { FilterInput } from '../../../components/data-table/filter-input';
import type { Column } from '../../../lib/api/types';
import { filterInputKindOf, selectOptionsOf, unfilterableReason } from '../columns/column-kinds';

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
  const kind = filterInputKindOf(column);
  return (
    <FilterInput
      label={column.name}
      kind={kind}
      value={value}
      onCommit={onCommit}
      choices={kind === 'choice' ? (selectOptionsOf(column) ?? []) : []}
      error={error}
      disabledReason={unfilterableReason(column.type)}
    />
  );
}
