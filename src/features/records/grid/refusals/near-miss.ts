/**
 * "Did you mean …?" for a filter that matched nothing. The service's filters are exact
 * (case, spaces and all), so "Gift" finds nothing where "gift" exists: the likeliest
 * slip is case, then stray or doubled spaces, then a typo or two.
 */

/** Lower case, outer spaces gone, inner runs of spaces as one. */
export function normalizeForMatch(text: string): string {
  return text.normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleLowerCase();
}

/** Levenshtein distance with an early exit once it exceeds `limit` (returns limit + 1). */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const value = Math.min(
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + cost,
      );
      current.push(value);
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > limit) return limit + 1;
    previous = current;
  }
  return previous[b.length] ?? limit + 1;
}

/** How many typos a value of this length may carry and still be recognised. */
function allowedEdits(length: number): number {
  if (length <= 3) return 0;
  if (length <= 7) return 1;
  return 2;
}

/**
 * The candidate `value` most likely meant, or null: the same text up to case and spaces
 * first, then the closest within a small edit distance (ties: the first candidate given,
 * so options come before loaded values). Never `value` itself.
 */
export function nearMiss(value: string, candidates: Iterable<string>): string | null {
  const wanted = normalizeForMatch(value);
  if (wanted === '') return null;
  const limit = allowedEdits(wanted.length);
  let best: string | null = null;
  let bestDistance = limit + 1;
  for (const candidate of candidates) {
    if (candidate === value || candidate === '') continue;
    const normalized = normalizeForMatch(candidate);
    if (normalized === wanted) return candidate;
    if (limit === 0) continue;
    const distance = editDistance(wanted, normalized, limit);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

/** The text values a cell holds, as a filter would match them (arrays item by item). */
export function filterableTextsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value === 'number' || typeof value === 'boolean') return [String(value)];
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === 'string');
  return [];
}
