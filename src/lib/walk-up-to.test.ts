import { describe, expect, it, vi } from 'vitest';
import { walkUpTo } from './walk-up-to';

/** A list of `total` items served `pageSize` at a time. */
function listOf(total: number) {
  return vi.fn(async ({ cursor, limit }: { cursor: string | null; limit: number | undefined }) => {
    const start = cursor === null ? 0 : Number(cursor);
    const end = Math.min(total, start + (limit ?? 100));
    return {
      items: Array.from({ length: end - start }, (_, i) => ({ id: `r${start + i}` })),
      nextCursor: end < total ? String(end) : null,
    };
  });
}

describe('walking a list up to a bound', () => {
  it('counts exactly up to the bound, in one request a page', async () => {
    const fetchPage = listOf(327);
    await expect(
      walkUpTo({ bound: 500, pageSize: 500, idOf: (item) => item.id, fetchPage }),
    ).resolves.toEqual({ count: 327, more: false });
    expect(fetchPage).toHaveBeenCalledTimes(1);
    await expect(
      walkUpTo({ bound: 500, pageSize: 500, idOf: (item) => item.id, fetchPage: listOf(500) }),
    ).resolves.toEqual({ count: 500, more: false });
  });

  it('says "more" past the bound, having asked for one page more at most', async () => {
    const fetchPage = listOf(5_000);
    await expect(
      walkUpTo({ bound: 500, pageSize: 500, idOf: (item) => item.id, fetchPage }),
    ).resolves.toEqual({ count: 500, more: true });
    expect(fetchPage).toHaveBeenCalledTimes(2);
    // A service that caps pages lower is paged further, still up to the bound.
    const small = listOf(1_000);
    await expect(
      walkUpTo({ bound: 250, pageSize: 100, idOf: (item) => item.id, fetchPage: small }),
    ).resolves.toEqual({ count: 250, more: true });
    expect(small).toHaveBeenCalledTimes(3);
  });

  it('stops at a loop through the paging guard instead of counting forever', async () => {
    const fetchPage = vi.fn(async () => ({ items: [{ id: 'a' }], nextCursor: 'same' }));
    await expect(
      walkUpTo({ bound: 500, pageSize: 500, idOf: (item) => item.id, fetchPage }),
    ).rejects.toMatchObject({ name: 'PagingError' });
  });
});
