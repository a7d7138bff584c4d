import { describe, expect, it } from 'vitest';
import { type RecordsStatusInput, recordsStatusText } from './records-status';

const base: RecordsStatusInput = {
  isLoadingFirstPage: false,
  hasData: true,
  knownRowCount: 600,
  reachedEnd: false,
  isFetchingPage: false,
  failureReason: null,
  jumpLoadedRows: null,
  isFallback: false,
  stopped: false,
};

describe('recordsStatusText during Jump to end', () => {
  it('says how many records the jump has passed', () => {
    expect(recordsStatusText({ ...base, jumpLoadedRows: 12_500 })).toBe(
      `Loading to the end… ${(12_500).toLocaleString()} records passed`,
    );
  });

  it('adds a percentage when a Count established the view’s size', () => {
    expect(recordsStatusText({ ...base, jumpLoadedRows: 250_000, knownTotal: 1_000_000 })).toBe(
      `Loading to the end… ${(250_000).toLocaleString()} records passed (25%)`,
    );
  });

  it('never claims more than 100 % when records were added since the count', () => {
    expect(recordsStatusText({ ...base, jumpLoadedRows: 1_200, knownTotal: 1_000 })).toContain(
      '(100%)',
    );
  });
});
