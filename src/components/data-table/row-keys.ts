/**
 * React keys for the rows a virtualized grid draws, so that scrolling reuses elements
 * instead of creating and removing them. A row keeps its key while it stays drawn; a row
 * that scrolled out hands its key, and with it its DOM elements, to a row that scrolled
 * in. Creating ~25 rows of ~10 cells each frame (and their style and layout from scratch)
 * was most of a fast scroll's cost (issue 13); updating the text of existing cells is a
 * fraction of it.
 *
 * Keys handed on keep their order (the lowest row that left goes to the lowest row that
 * came in), so a jump of a screen or more moves no element in the DOM: React only updates
 * them in place.
 */
export class RowKeys {
  private readonly keyOfRow = new Map<number, number>();
  private nextKey = 0;

  /**
   * Keys for `rowIndices` (ascending, as drawn). `canHandOn(rowIndex)` says whether a row
   * no longer drawn may give its key to another row: not the row holding keyboard focus
   * or part of a text selection, whose elements must leave with it rather than show
   * another row's values. Calling it again with the same rows returns the same keys.
   */
  assign(rowIndices: readonly number[], canHandOn: (rowIndex: number) => boolean): number[] {
    const drawn = new Set(rowIndices);
    const freed: { row: number; key: number }[] = [];
    for (const [row, key] of this.keyOfRow) {
      if (drawn.has(row)) continue;
      this.keyOfRow.delete(row);
      if (canHandOn(row)) freed.push({ row, key });
    }
    freed.sort((a, b) => a.row - b.row);
    let nextFreed = 0;
    return rowIndices.map((row) => {
      let key = this.keyOfRow.get(row);
      if (key === undefined) {
        key =
          nextFreed < freed.length ? (freed[nextFreed++]?.key ?? this.nextKey++) : this.nextKey++;
        this.keyOfRow.set(row, key);
      }
      return key;
    });
  }
}
