import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api/errors';
import {
  badRequest,
  column,
  fakeClient,
  record,
  renderRecordsPage,
  stubLayout,
  TABLE_ID,
} from '../testing/records-test-utils';
import { walkViewPages, walkWaitOf } from './view-walk';

const columns = [
  column('name', 'TEXT', { orderIndex: 0 }),
  column('status', 'SELECT', { orderIndex: 1 }),
];

function orders(count: number) {
  return Array.from({ length: count }, (_, i) =>
    record(`rec-${i}`, { name: `Order ${i}`, status: i % 3 === 0 ? 'paid' : 'open' }),
  );
}

function statusLine() {
  return screen.getAllByRole('status').find((element) => element.textContent?.includes('Orders'));
}

/** The walk and the summary panel load their code on first use: slow on a busy machine. */
const WAIT = { timeout: 15_000 };

beforeEach(() => stubLayout());

describe('Count', () => {
  it('walks the filtered view at the largest page size and shows the exact total', async () => {
    const { client, listRecords } = fakeClient({ table: { columns }, records: orders(1_234) });
    renderRecordsPage(client, '?filter%5Bstatus%5D=open');
    await waitFor(() => expect(statusLine()).toHaveTextContent('more available'), WAIT);
    listRecords.mockClear();

    await userEvent.click(screen.getByRole('button', { name: 'Count' }));
    await waitFor(
      () => expect(statusLine()).toHaveTextContent('822 records in this view (counted)'),
      WAIT,
    );
    expect(screen.getByRole('grid', { name: 'Orders' })).toHaveAttribute('aria-rowcount', '823');
    expect(
      listRecords.mock.calls.map(([, query, request]) => [query.filters, request?.limit]),
    ).toEqual([
      [{ status: 'open' }, 500],
      [{ status: 'open' }, 500],
    ]);
  });

  it('feeds the column summaries with every record of the view', async () => {
    const { client } = fakeClient({ table: { columns }, records: orders(1_200) });
    renderRecordsPage(client);
    await waitFor(() => expect(statusLine()).toHaveTextContent('more available'), WAIT);

    await userEvent.click(screen.getByRole('button', { name: 'Summary of status' }));
    const loaded = await screen.findByRole('dialog', { name: 'status' }, WAIT);
    expect(loaded).toHaveTextContent('The 100 records loaded so far');

    await userEvent.click(screen.getByRole('button', { name: 'Count' }));
    await waitFor(() => expect(statusLine()).toHaveTextContent('1,200 records in this view'), WAIT);
    const walked = screen.getByRole('dialog', { name: 'status' });
    expect(walked).toHaveTextContent('All 1,200 records of this view');
    const paid = within(walked).getByRole('rowheader', { name: 'paid' }).closest('tr');
    expect(paid).toHaveTextContent('400');
  });

  it('says where a count stopped when a page fails for good', async () => {
    const failure = new ApiError({
      kind: 'http',
      status: 400,
      code: 'bad_request',
      reason: 'invalid_cursor',
      param: 'cursor',
      message: 'The cursor does not belong to this list.',
      serviceMessage: 'The cursor does not belong to this list.',
    });
    const { client } = fakeClient({
      table: { columns },
      records: orders(1_200),
      failWhen: (_query, cursor) => (cursor === '1000' ? failure : null),
    });
    renderRecordsPage(client);
    await waitFor(() => expect(statusLine()).toHaveTextContent('more available'), WAIT);
    await userEvent.click(screen.getByRole('button', { name: 'Count' }));
    expect(await screen.findByRole('alert', {}, WAIT)).toHaveTextContent(
      'Count stopped after 1,000 records. The cursor does not belong to this list.',
    );
    expect(statusLine()).not.toHaveTextContent('(counted)');
  });
});

describe('walkWaitOf', () => {
  it('names a 429 wait as the rate limit and any other as a retry, in whole seconds', () => {
    const tooMany = new ApiError({
      kind: 'http',
      status: 429,
      code: 'rate_limited',
      reason: null,
      message: 'Too many',
    });
    expect(walkWaitOf({ error: tooMany, delayMs: 2_100 })).toEqual({
      seconds: 3,
      reason: 'rate_limit',
    });
    expect(walkWaitOf({ error: new Error('cut'), delayMs: 300 })).toEqual({
      seconds: 1,
      reason: 'retry',
    });
  });
});

describe('walkViewPages', () => {
  it('walks again at the service’s default page size when it refuses 500', async () => {
    const { client, listRecords } = fakeClient({ table: { columns }, records: orders(250) });
    listRecords.mockImplementationOnce(async () => {
      throw badRequest('limit', 'limit must be at most 100', 'invalid_limit');
    });
    const pages: number[] = [];
    await walkViewPages({
      client,
      tableId: TABLE_ID,
      query: { sort: null, filters: {} },
      signal: new AbortController().signal,
      onPage: (rows) => {
        pages.push(rows.length);
      },
      onWait: () => {},
    });
    expect(pages).toEqual([100, 100, 50]);
    expect(listRecords.mock.calls.map(([, , request]) => request?.limit)).toEqual([
      500,
      undefined,
      undefined,
      undefined,
    ]);
  });
});
