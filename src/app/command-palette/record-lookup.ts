import { normalizeForSearch } from '../../lib/text-search';

/** Tables looked up per keystroke at most: "Orders 858" names one, a shared prefix a few. */
export const MAX_LOOKUP_TABLES = 2;

export interface RecordLookup {
  tableId: string;
  tableLabel: string;
  /** What follows the table's name, as typed (the service's filters are exact). */
  value: string;
}

/**
 * "Orders 858": the tables whose name is the first words typed (case, accents and
 * punctuation aside), each with the rest as the value of its primary field. The longest
 * name wins ("Survey responses 12" is not "Survey" + "responses 12"); without a table of
 * that exact name, tables whose name starts with the first words (at least two letters).
 */
export function recordLookupsOf(
  tables: readonly { ref: { id: string }; label: string }[],
  text: string,
): RecordLookup[] {
  const words = text.trim().split(/\s+/);
  if (words.length < 2 || tables.length === 0) return [];
  const names = tables.map((table) => normalizeForSearch(table.label));
  for (const exact of [true, false]) {
    for (let count = words.length - 1; count >= 1; count -= 1) {
      const head = normalizeForSearch(words.slice(0, count).join(' '));
      if (head === '' || (!exact && head.length < 2)) continue;
      const value = words.slice(count).join(' ');
      const found: RecordLookup[] = [];
      names.forEach((name, index) => {
        const table = tables[index];
        if (!table || found.length >= MAX_LOOKUP_TABLES) return;
        if (exact ? name === head : name.startsWith(head)) {
          found.push({ tableId: table.ref.id, tableLabel: table.label, value });
        }
      });
      if (found.length > 0) return found;
    }
  }
  return [];
}
