import { fireEvent, render, screen } from '@testing-library/react';
import { createHashRouter, createMemoryRouter, Link, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppLinksProvider } from './app-links';
import { EntityLink } from './entity-link';

const CUSTOMERS = 'tbl-customers';
const ADA = 'ada00000-0000-4000-8000-000000000001';
const recordPath = `/tables/${CUSTOMERS}/records/${ADA}`;

/** A grid row with a linked record in it, and React Router's own Link to the same place. */
function Row({ onOpenRow }: { onOpenRow: () => void }) {
  return (
    <AppLinksProvider>
      <table>
        <tbody>
          <tr onClick={onOpenRow}>
            <td>
              <EntityLink
                to={{ kind: 'record', tableId: CUSTOMERS, id: ADA }}
                label="Ada Lovelace"
              />
            </td>
          </tr>
        </tbody>
      </table>
      <Link to={recordPath}>Router link</Link>
    </AppLinksProvider>
  );
}

afterEach(() => {
  window.location.hash = '';
});

describe('AppLinksProvider with EntityLink', () => {
  it('writes the address React Router would, under the hash router and its basename', () => {
    for (const basename of [undefined, '/embed']) {
      window.location.hash = basename === undefined ? '#/' : '#/embed/';
      const router = createHashRouter(
        [{ path: '*', element: <Row onOpenRow={() => {}} /> }],
        basename === undefined ? undefined : { basename },
      );
      const view = render(<RouterProvider router={router} />);
      const href = screen.getByRole('link', { name: 'Ada Lovelace' }).getAttribute('href');
      expect(href).toBe(`#${basename ?? ''}${recordPath}`);
      expect(href).toBe(screen.getByRole('link', { name: 'Router link' }).getAttribute('href'));
      view.unmount();
    }
  });

  it('a plain click navigates in the app without opening the row; a modified click is the browser’s', () => {
    const onOpenRow = vi.fn();
    const router = createMemoryRouter([{ path: '*', element: <Row onOpenRow={onOpenRow} /> }], {
      initialEntries: ['/tables/tbl-orders'],
    });
    const { container } = render(<RouterProvider router={router} />);
    const link = screen.getByRole('link', { name: 'Ada Lovelace' });
    // Whether the app left the click to the browser (which opens a tab, or follows the link),
    // heard on React's root after React's own listener; then held back, as jsdom can't open one.
    const leftToBrowser: boolean[] = [];
    const afterApp = (event: MouseEvent) => {
      leftToBrowser.push(!event.defaultPrevented);
      event.preventDefault();
    };
    container.addEventListener('click', afterApp);

    // Ctrl+click (a new tab) and a middle click: left to the browser, no navigation here.
    fireEvent.click(link, { ctrlKey: true });
    fireEvent.click(link, { button: 1 });
    expect(leftToBrowser).toEqual([true, true]);
    expect(router.state.location.pathname).toBe('/tables/tbl-orders');

    // A plain click: the app navigates, the browser's default is prevented.
    fireEvent.click(link);
    expect(leftToBrowser).toEqual([true, true, false]);
    container.removeEventListener('click', afterApp);
    expect(router.state.location.pathname).toBe(recordPath);
    expect(router.state.historyAction).toBe('PUSH');
    expect(onOpenRow).not.toHaveBeenCalled();

    // Clicked again where the person already is: no second history entry.
    fireEvent.click(screen.getByRole('link', { name: 'Ada Lovelace' }));
    expect(router.state.historyAction).toBe('REPLACE');
  });
});
