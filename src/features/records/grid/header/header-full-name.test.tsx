import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  column,
  fakeClient,
  record,
  renderedSearch,
  renderRecordsPage,
  stubLayout,
} from '../../testing/records-test-utils';

/** Longer than any header is wide: the header cuts it, with an ellipsis. */
const LONG_NAME = 'preferred_delivery_window_for_the_customer_when_nobody_is_home';
const DESCRIPTION = 'When the courier may ring.\nAsked at checkout.';

const columns = [
  column('name', 'TEXT', { orderIndex: 0, isPrimary: true }),
  column(LONG_NAME, 'TEXT', { orderIndex: 1, description: DESCRIPTION }),
];

beforeEach(() => stubLayout());

describe('a header’s whole name', () => {
  it('is a tap away without a pointer to hover: its summary shows the name and description, and a tap on the name still sorts', async () => {
    const user = userEvent.setup();
    const { client } = fakeClient({
      table: { columns },
      records: [record('r1', { name: 'Order 1', [LONG_NAME]: 'evenings' })],
    });
    renderRecordsPage(client);
    await screen.findByText('Order 1');
    const sortButton = screen.getByRole('button', { name: LONG_NAME });
    // At a desk the hover title says it (name, description, then what a click does).
    expect(sortButton.title.split('\n').slice(0, 3)).toEqual([
      LONG_NAME,
      'When the courier may ring.',
      'Asked at checkout.',
    ]);

    // On touch: the header's summary button opens the column's panel, titled in full.
    await user.click(screen.getByRole('button', { name: `Summary of ${LONG_NAME}` }));
    const panel = await screen.findByRole('dialog', { name: LONG_NAME });
    expect(within(panel).getByRole('heading', { level: 2 })).toHaveTextContent(LONG_NAME);
    expect(panel).toHaveTextContent('When the courier may ring. Asked at checkout.');
    await user.click(within(panel).getByRole('button', { name: 'Close summary' }));

    // The name itself stays the sort control.
    await user.click(sortButton);
    await waitFor(() => expect(renderedSearch().get('sort')).toBe(`${LONG_NAME}:asc`));
  });
});
