import { describe, expect, it } from 'vitest';
import { FingerprintCounts, idFingerprint, PagingGuard } from './paging-guard';

describe('FingerprintCounts', () => {
  it('counts each fingerprint apart, past its first size and with equal low bits', () => {
    const counts = new FingerprintCounts();
    // Fingerprints that share their low 32 bits land on the same first slot.
    const fingerprints = Array.from({ length: 5_000 }, (_, i) => (i % 7) * 2 ** 40 + i * 4096);
    for (const fingerprint of fingerprints) counts.add(fingerprint, 1);
    counts.add(fingerprints[10] ?? 0, 1);
    expect(counts.get(fingerprints[10] ?? 0)).toBe(2);
    expect(counts.get(fingerprints[4_999] ?? 0)).toBe(1);
    expect(counts.get(2 ** 52 + 1)).toBe(0);
    expect(fingerprints.filter((fingerprint) => counts.get(fingerprint) === 0)).toEqual([]);
  });

  it('counts down to 0 and no further, and counts a forgotten fingerprint up again', () => {
    const counts = new FingerprintCounts();
    counts.add(12345, 1);
    counts.add(12345, -1);
    counts.add(12345, -1);
    counts.add(999, -1);
    expect(counts.get(12345)).toBe(0);
    expect(counts.get(999)).toBe(0);
    counts.add(12345, 1);
    expect(counts.get(12345)).toBe(1);
  });
});

describe('PagingGuard', () => {
  const pageOf = (index: number) => Array.from({ length: 500 }, (_, i) => `rec_${index * 500 + i}`);

  it('finds a duplicate of an id from 20 pages back, and lets a page be read again', () => {
    const guard = new PagingGuard();
    for (let index = 0; index < 21; index += 1) {
      const cursor = index === 0 ? null : `c${index}`;
      expect(guard.admit(index, cursor, pageOf(index), `c${index + 1}`)).toBeNull();
    }
    expect(guard.idCount).toBe(21 * 500);
    // Scrolling back up: page 3 again, same ids.
    expect(guard.admit(3, 'c3', pageOf(3), 'c4')).toBeNull();
    expect(guard.admit(21, 'c21', [...pageOf(21).slice(1), 'rec_7'], 'c22')).toEqual({
      kind: 'duplicate_id',
      pageIndex: 21,
      recordId: 'rec_7',
    });
  });

  it('fingerprints ids to integers a double holds exactly', () => {
    const fingerprint = idFingerprint('8d1aa454-4553-4c5e-9d3b-0f0c1c1d2e3f');
    expect(Number.isSafeInteger(fingerprint)).toBe(true);
    expect(idFingerprint('a')).not.toBe(idFingerprint('b'));
  });
});
