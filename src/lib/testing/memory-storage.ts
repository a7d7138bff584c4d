/**
 * A Storage (localStorage, sessionStorage) in memory, for tests of what the app keeps on the
 * device. `quota` (characters of one value) makes setItem throw as a full browser storage does.
 */
export function createMemoryStorage(quota = Number.POSITIVE_INFINITY): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (name) => items.get(name) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (name) => {
      items.delete(name);
    },
    setItem: (name, value) => {
      if (value.length > quota) throw new DOMException('full', 'QuotaExceededError');
      items.set(name, value);
    },
  };
}
