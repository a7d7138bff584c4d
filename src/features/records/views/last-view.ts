import type { WorkspaceViewMemory } from '../../../lib/view-memory/workspace-view-memory';

/** The view memory entry holding a table's last view (its URL's query string). */
export function lastViewKeyOf(tableId: string): string {
  return `table:${tableId}`;
}

/** What a table was last shown with, as its query string ('' for the table as it is). */
export function lastViewOf(memory: WorkspaceViewMemory | null, tableId: string): string | null {
  const kept = memory?.readKept('where', lastViewKeyOf(tableId));
  return typeof kept === 'string' ? kept : null;
}
