import type { Column, RecordRow } from '../../../lib/api/types';
import { isRecordId, labelColumnOf, recordLabelOf, shortIdOf } from '../../../lib/record-label';
import { tellingLinesOf } from '../../../lib/telling-field';

/** Options listed at once: enough to scan by eye; more means "keep typing". */
export const MAX_OPTIONS = 50;

/** One record the search offers, under the name a person calls it by. */
export interface ReferenceOption {
  id: string;
  label: string;
  /** The record as the scan read it; null for an id pasted in. */
  record: RecordRow | null;
  /**
   * Shown under the label when two offered records share it: the linked table's next most
   * telling field ("lea.okafor58@example.com"; lib/telling-field.ts).
   */
  detail: string | null;
}

/** Case, accents and spacing don't matter: "jose  garcia" finds "José García". */
export function normalizeForSearch(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLocaleLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** How well a name fits what was typed: 0 exact, 1 starts with it, 2 a word starts with it, 3 contains it. */
function rankOf(name: string, typed: string): number | null {
  if (name === typed) return 0;
  if (name.startsWith(typed)) return 1;
  const at = name.indexOf(typed);
  if (at < 0) return null;
  return /[\s\-'’.,(/&]/.test(name[at - 1] ?? '') ? 2 : 3;
}

/** The texts a record is found by: its label and, for a number or code, the bare primary value. */
function searchTextsOf(record: RecordRow, labelColumn: Column | null, label: string): string[] {
  const texts = [normalizeForSearch(label)];
  const raw = labelColumn ? record.fields[labelColumn.name] : undefined;
  if (typeof raw === 'number' || (typeof raw === 'string' && raw !== label)) {
    texts.push(normalizeForSearch(String(raw)));
  }
  return texts;
}

export interface SearchResult {
  options: ReferenceOption[];
  /** Matches beyond MAX_OPTIONS, not listed. */
  more: number;
}

/**
 * The records whose name contains `typed` (case- and accent-insensitive), best fits first:
 * `exact` (the service's own equality answer, which may lie beyond the scanned records),
 * then exact names, names that start with it, words that start with it, names that contain
 * it; ties in the table's order. Empty `typed`: the first records, in the table's order.
 */
export function searchRecords(
  typed: string,
  scanned: readonly RecordRow[],
  columns: readonly Column[] | null,
  exact: readonly RecordRow[] = [],
): SearchResult {
  const query = normalizeForSearch(typed);
  const labelColumn = columns ? labelColumnOf(columns) : null;
  const seen = new Set<string>();
  const ranked: { record: RecordRow; label: string; rank: number; order: number }[] = [];
  const consider = (record: RecordRow, order: number, forcedRank: number | null) => {
    if (seen.has(record.id)) return;
    const label = recordLabelOf(record, columns) ?? shortIdOf(record.id);
    let rank = forcedRank;
    if (rank === null) {
      if (query === '') rank = 3;
      else {
        const ranks = searchTextsOf(record, labelColumn, label)
          .map((text) => rankOf(text, query))
          .filter((value): value is number => value !== null);
        rank = ranks.length > 0 ? Math.min(...ranks) : null;
      }
    }
    if (rank === null) return;
    seen.add(record.id);
    ranked.push({ record, label, rank, order });
  };
  for (const [index, record] of exact.entries()) consider(record, index - exact.length, 0);
  for (const [index, record] of scanned.entries()) consider(record, index, null);
  ranked.sort((a, b) => a.rank - b.rank || a.order - b.order);

  const listed = ranked.slice(0, MAX_OPTIONS);
  const details = tellingLinesOf(listed, columns);
  return {
    options: listed.map(({ record, label }) => ({
      id: record.id,
      label,
      record,
      detail: details.get(record.id) ?? null,
    })),
    more: ranked.length - listed.length,
  };
}

/** What Enter on typed text (no option chosen) does. */
export type TypedTextOutcome =
  | { kind: 'clear' }
  /** A record id, pasted or chosen: filter by it. */
  | { kind: 'id'; id: string }
  /** Several records (or none) fit: say so, and leave the list open to choose from. */
  | { kind: 'ambiguous'; count: number }
  | { kind: 'none' };

/**
 * Enter without choosing an option never sends the text as an id (the service would
 * refuse it): a pasted UUID is used as it is; otherwise the one record whose name is
 * exactly the text (ignoring case and accents), or the only record offered at all.
 */
export function resolveTypedText(
  typed: string,
  options: readonly ReferenceOption[],
): TypedTextOutcome {
  const text = typed.trim();
  if (text === '') return { kind: 'clear' };
  if (isRecordId(text)) return { kind: 'id', id: text };
  const wanted = normalizeForSearch(text);
  const exact = options.filter((option) => normalizeForSearch(option.label) === wanted);
  if (exact.length === 1 && exact[0]) return { kind: 'id', id: exact[0].id };
  if (exact.length === 0 && options.length === 1 && options[0])
    return { kind: 'id', id: options[0].id };
  if (exact.length > 1) return { kind: 'ambiguous', count: exact.length };
  return options.length === 0 ? { kind: 'none' } : { kind: 'ambiguous', count: options.length };
}
