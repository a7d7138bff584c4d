import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api/errors';
import type { Column, Page, PageRequest, SkillSummary, TableDetail } from '../../lib/api/types';
import { createFakeApiClient } from '../../lib/testing/fake-api-client';
import { renderWithProviders } from '../../lib/testing/render-with-providers';
import { CommandPalette } from './command-palette';

const skill = (i: number): SkillSummary =>
  ({ id: `s${i}`, aliasId: null, name: `Skill number ${i}`, description: null }) as SkillSummary;

/** `count` skills served `pageSize` a page, as a cursor-paged service would. */
function pagedSkills(count: number, names: Record<number, string> = {}) {
  const all = Array.from({ length: count }, (_, i) => ({
    ...skill(i),
    name: names[i] ?? `Skill number ${i}`,
  }));
  return vi.fn(async (request?: PageRequest): Promise<Page<SkillSummary>> => {
    const start = Number(request?.cursor ?? 0);
    const size = request?.limit ?? 50;
    const end = Math.min(start + size, all.length);
    return { items: all.slice(start, end), nextCursor: end < all.length ? String(end) : null };
  });
}

const orders = {
  id: 't1',
  aliasId: null,
  name: 'Orders',
  description: null,
  projectId: null,
  createdAt: null,
  updatedAt: null,
};
const orderNo: Column = {
  id: 'c1',
  name: 'order_no',
  description: null,
  type: 'SERIAL',
  settings: null,
  orderIndex: 0,
  required: true,
  isPrimary: true,
  inferred: false,
};

describe('Go to searches every page', () => {
  it('finds a skill past the first page, and says how far it has searched until every list is in', async () => {
    const user = userEvent.setup();
    const listSkills = pagedSkills(450, { 420: 'Answer customer surveys' });
    renderWithProviders(<CommandPalette onClose={vi.fn()} />, {
      client: createFakeApiClient({ listSkills }),
    });
    await user.keyboard('surveys ANSWER');
    const option = await screen.findByRole('option', { name: /Answer customer surveys/ });
    expect(within(option).getByText('Answer customer surveys')).toHaveAttribute('translate', 'no');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(/^1 match\.$/));
    // Walked at the largest page the service allows: 450 skills in three requests.
    const skillPages = listSkills.mock.calls.filter(([request]) => request?.limit !== 1);
    expect(skillPages).toHaveLength(3);
    expect(skillPages.every(([request]) => request?.limit === 200)).toBe(true);
  });

  it('stops a list that loops, says so, and shows each item once', async () => {
    const user = userEvent.setup();
    const firstPage = { items: [skill(1), skill(2)], nextCursor: 'again' };
    const listSkills = vi.fn(async (_request?: PageRequest) => firstPage);
    renderWithProviders(<CommandPalette onClose={vi.fn()} />, {
      client: createFakeApiClient({ listSkills }),
    });
    await user.keyboard('skill number');
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        'Skills: The service sent a skill it had already sent (on page 2, id s1). Stopped loading skills so nothing is shown twice.',
      ),
    );
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Skill number 1skill',
      'Skill number 2skill',
    ]);
    expect(screen.getByRole('status')).not.toHaveTextContent('Searching');
    expect(listSkills.mock.calls.filter(([request]) => request?.limit !== 1)).toHaveLength(2);
  });

  it('finds a record by the primary field of a table named first, and opens its panel', async () => {
    const user = userEvent.setup();
    const listRecords = vi.fn(
      async (_tableId: string, query: { filters: Record<string, string> }) => {
        if (query.filters.order_no === '858') {
          return {
            items: [{ id: 'r858', fields: { order_no: 858 }, createdAt: null, updatedAt: null }],
            nextCursor: null,
          };
        }
        throw new ApiError({
          kind: 'http',
          status: 400,
          code: 'invalid_filter',
          reason: null,
          message: 'No.',
        });
      },
    );
    const { router, onClose } = (() => {
      const close = vi.fn();
      const view = renderWithProviders(<CommandPalette onClose={close} />, {
        client: createFakeApiClient({
          listTables: async () => ({ items: [orders], nextCursor: null }),
          getTable: async () => ({ ...orders, columns: [orderNo], views: [] }) as TableDetail,
          listRecords: listRecords as never,
        }),
      });
      return { ...view, onClose: close };
    })();
    await user.keyboard('orders 858');
    const group = await screen.findByRole('group', { name: 'Records' });
    expect(within(group).getByRole('option')).toHaveTextContent('Orders · order_no 858record');
    expect(listRecords).toHaveBeenCalledWith(
      't1',
      { sort: null, filters: { order_no: '858' } },
      expect.objectContaining({ limit: 5 }),
    );
    await user.keyboard('{Enter}');
    expect(onClose).toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/tables/t1/records/r858');
  });

  it('shows no record, and no error, for a value the service refuses', async () => {
    const user = userEvent.setup();
    const listRecords = vi.fn(async () => {
      throw new ApiError({
        kind: 'http',
        status: 400,
        code: 'invalid_filter',
        reason: null,
        message: 'Bad value.',
      });
    });
    renderWithProviders(<CommandPalette onClose={vi.fn()} />, {
      client: createFakeApiClient({
        listTables: async () => ({ items: [orders], nextCursor: null }),
        getTable: async () =>
          ({ ...orders, columns: [{ ...orderNo, type: 'TEXT' }], views: [] }) as TableDetail,
        listRecords,
      }),
    });
    await user.keyboard('orders x-1');
    await waitFor(() => expect(listRecords).toHaveBeenCalled());
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        /^Nothing is named like “orders x-1”\.$/,
      ),
    );
    expect(screen.queryByRole('group', { name: 'Records' })).toBeNull();
    expect(screen.getByRole('status')).not.toHaveTextContent('Bad value');
  });
});
