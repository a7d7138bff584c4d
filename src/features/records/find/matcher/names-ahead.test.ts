import { describe, expect, it } from 'vitest';
import { customer, order, service, uuid } from '../../export/testing/reference-names-fixtures';
import { createNamesAhead } from './names-ahead';

const CONNECTION = { serviceUrl: 'https://service.test', apiKey: 'svc_live_test' };

describe('the held pages’ linked names read before the first key', () => {
  it('names the very rows held, each read once, for the walk to find ready', async () => {
    const { source, reads } = service();
    const ahead = createNamesAhead(() => source);
    const page = [order('o1', { customer: uuid(1) }), order('o2', { customer: uuid(2) })];
    ahead.read(CONNECTION, [customer], [page]);
    ahead.read(CONNECTION, [customer], [page]); // focused again: nothing read again
    const names = await ahead.of(page);
    expect(names?.get(uuid(2))).toBe('Customer 2');
    expect(reads).toEqual([uuid(1), uuid(2)]);
    // Other rows (a page the grid fetched again, another view's): none read ahead.
    expect(ahead.of([...page])).toBeUndefined();
  });

  it('reads nothing where no column links records', () => {
    const { source, reads } = service();
    const ahead = createNamesAhead(() => source);
    const page = [order('o1', { customer: uuid(1) })];
    ahead.read(CONNECTION, [], [page]);
    expect(ahead.of(page)).toBeUndefined();
    expect(reads).toEqual([]);
  });
});
