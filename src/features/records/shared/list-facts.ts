/** What the records list knows of its size and its end. */
export interface ListFacts {
  rowCount: number;
  /** The list's exact size when known (a Count, or the end reached). */
  knownTotal: number | undefined;
  /** Every row of the list is in memory (a column's summary is then exact). */
  loadedIsAll: boolean;
  knownRowCount: number;
  reachedEnd: boolean;
}
