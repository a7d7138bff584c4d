/**
 * A Map that forgets its least recently used entries beyond `maxEntries` or `maxBytes`.
 *
 * It is a Map (not a wrapper) on purpose: the server's caches are handed out by
 * `WorkspaceDb.cache()` as Maps, and callers keep using `get`/`set`/`clear` unchanged.
 * Recency is the Map's own insertion order: a hit is moved to the end, eviction takes
 * from the front. Sizes are estimates (UTF-16 code units of keys and string values plus
 * a fixed overhead): the point is a bound that request data cannot push past, not an
 * exact byte count.
 */
export interface LruLimits<K, V> {
  maxEntries: number;
  maxBytes: number;
  /** Estimated bytes of one entry; default: string lengths × 2 plus 64. */
  sizeOf?: (key: K, value: V) => number;
  /** Called for each entry forgotten to make room (not for delete or clear). */
  onEvict?: (key: K, value: V) => void;
}

export const ENTRY_OVERHEAD_BYTES = 64;

export function estimatedBytes(key: unknown, value: unknown): number {
  const keyBytes = typeof key === 'string' ? key.length * 2 : 8;
  const valueBytes = typeof value === 'string' ? value.length * 2 : 8;
  return keyBytes + valueBytes + ENTRY_OVERHEAD_BYTES;
}

export class LruMap<K, V> extends Map<K, V> {
  readonly maxEntries: number;
  readonly maxBytes: number;
  readonly #sizeOf: (key: K, value: V) => number;
  readonly #onEvict: ((key: K, value: V) => void) | undefined;
  readonly #sizes = new Map<K, number>();
  #bytes = 0;
  /**
   * The most recently used key, whose read needs no move: a Map moves an entry by deleting
   * and re-adding it, which leaves a hole that makes the Map rebuild its table every few
   * moves. Requests that repeat one key (one API key, one table) then cost no rebuilds.
   */
  #newest: K | undefined;
  #hasNewest = false;

  constructor(limits: LruLimits<K, V>) {
    super();
    this.maxEntries = Math.max(1, limits.maxEntries);
    this.maxBytes = Math.max(1, limits.maxBytes);
    this.#sizeOf = limits.sizeOf ?? estimatedBytes;
    this.#onEvict = limits.onEvict;
  }

  /** Estimated bytes held, by the `sizeOf` estimate. */
  get bytes(): number {
    return this.#bytes;
  }

  override get(key: K): V | undefined {
    if (this.#hasNewest && key === this.#newest) return super.get(key);
    const value = super.get(key);
    if (value === undefined && !super.has(key)) return undefined;
    // Move to the most recently used end.
    super.delete(key);
    super.set(key, value as V);
    this.#newest = key;
    this.#hasNewest = true;
    return value;
  }

  override set(key: K, value: V): this {
    this.delete(key);
    const size = this.#sizeOf(key, value);
    // An entry bigger than the whole budget is not worth keeping.
    if (size > this.maxBytes) return this;
    super.set(key, value);
    this.#newest = key;
    this.#hasNewest = true;
    this.#sizes.set(key, size);
    this.#bytes += size;
    while (super.size > this.maxEntries || this.#bytes > this.maxBytes) {
      const oldest = super.entries().next();
      if (oldest.done === true) break;
      const [oldestKey, oldestValue] = oldest.value;
      this.delete(oldestKey);
      this.#onEvict?.(oldestKey, oldestValue);
    }
    return this;
  }

  override delete(key: K): boolean {
    if (this.#hasNewest && key === this.#newest) {
      this.#hasNewest = false;
      this.#newest = undefined;
    }
    const size = this.#sizes.get(key);
    if (size !== undefined) {
      this.#bytes -= size;
      this.#sizes.delete(key);
    }
    return super.delete(key);
  }

  override clear(): void {
    this.#hasNewest = false;
    this.#newest = undefined;
    super.clear();
    this.#sizes.clear();
    this.#bytes = 0;
  }
}
