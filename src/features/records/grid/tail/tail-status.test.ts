import { describe, expect, it } from 'vitest';
import { tailStatusText } from './tail-status';

describe('tailStatusText', () => {
  const base = { rows: 500, reachedStart: false, full: false, loading: false, stopped: false };

  it('says the grid shows the end and how many records, without claiming row numbers', () => {
    expect(tailStatusText(base)).toBe('Showing the end: the last 500 records');
    expect(tailStatusText({ ...base, rows: 1 })).toBe('Showing the end: the last 1 record');
  });

  it('says when earlier records are loading, stopped, or past what the tail holds', () => {
    expect(tailStatusText({ ...base, loading: true })).toContain('Loading earlier records…');
    expect(tailStatusText({ ...base, stopped: true })).toContain('loading stopped');
    expect(tailStatusText({ ...base, full: true })).toContain('Back to start for earlier records');
  });

  it('counts every record once the start of the view was read', () => {
    expect(tailStatusText({ ...base, rows: 1_200, reachedStart: true })).toBe('All 1,200 records');
    expect(tailStatusText({ ...base, rows: 0, reachedStart: true })).toBe('No records');
  });
});
