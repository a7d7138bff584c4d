import { describe, expect, it, vi } from 'vitest';
import { importWithRetry } from './import-with-retry';

describe('importWithRetry', () => {
  it('asks again after each failure, waiting longer each time, and gives the chunk once it comes', async () => {
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce('chunk');
    const waits: number[] = [];
    const wait = async (ms: number) => {
      waits.push(ms);
    };
    await expect(importWithRetry(load, [500, 1_000, 2_000], wait)).resolves.toBe('chunk');
    expect(load).toHaveBeenCalledTimes(3);
    expect(waits).toEqual([500, 1_000]);
  });

  it('gives up with the last error once every wait is spent', async () => {
    const load = vi.fn<() => Promise<string>>().mockRejectedValue(new TypeError('offline'));
    await expect(importWithRetry(load, [1, 1], async () => {})).rejects.toThrow('offline');
    expect(load).toHaveBeenCalledTimes(3);
  });
});
