import type { Column, TableDetail, TableSummary } from '../../../lib/api/types';

/** A REFERENCE column of some table whose `settings.table_id` names the table at hand. */
export interface LinkingColumn {
  table: TableSummary;
  column: Column;
}

/**
 * Every column that links to `tableId`, in the tables' list order and each table's column
 * order: a table linking through two columns (Kitchen sink's Customer and Customers) is
 * two entries, and a table linking to itself (Products' related) is one too.
 */
export function linkingColumnsOf(
  tableId: string,
  tables: readonly { summary: TableSummary; detail: TableDetail | undefined }[],
): LinkingColumn[] {
  const linking: LinkingColumn[] = [];
  for (const { summary, detail } of tables) {
    const columns = [...(detail?.columns ?? [])].sort((a, b) => a.orderIndex - b.orderIndex);
    for (const column of columns) {
      if (column.type === 'REFERENCE' && column.settings?.table_id === tableId) {
        linking.push({ table: summary, column });
      }
    }
  }
  return linking;
}
