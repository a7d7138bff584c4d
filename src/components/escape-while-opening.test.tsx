import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { lazyWithRetry } from '../lib/lazy-with-retry';
import { EscapeWhileOpening } from './escape-while-opening';

/** A dialog whose code never arrives: it stays on its way for as long as the test needs. */
const NeverLoaded = lazyWithRetry(() => new Promise<{ default: () => null }>(() => undefined));

function Opener() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Go to
      </button>
      <input
        aria-label="Draft"
        onKeyDown={(event) => {
          if (event.key === 'Escape') event.preventDefault();
        }}
      />
      <output aria-label="State">{open ? 'opening' : 'closed'}</output>
      {open ? (
        <Suspense fallback={<EscapeWhileOpening onEscape={() => setOpen(false)} />}>
          <NeverLoaded />
        </Suspense>
      ) : null}
    </>
  );
}

describe('a dialog on its way', () => {
  it('is closed by an Escape pressed before it is drawn, focus staying on its button', async () => {
    const user = userEvent.setup();
    render(<Opener />);
    await user.click(screen.getByRole('button', { name: 'Go to' }));
    expect(screen.getByRole('status', { name: 'State' })).toHaveTextContent('opening');
    await user.keyboard('{Escape}');
    expect(screen.getByRole('status', { name: 'State' })).toHaveTextContent('closed');
    expect(screen.getByRole('button', { name: 'Go to' })).toHaveFocus();
  });

  it('is left open by an Escape a control used for itself', async () => {
    const user = userEvent.setup();
    render(<Opener />);
    await user.click(screen.getByRole('button', { name: 'Go to' }));
    await user.click(screen.getByRole('textbox', { name: 'Draft' }));
    await user.keyboard('{Escape}');
    expect(screen.getByRole('status', { name: 'State' })).toHaveTextContent('opening');
  });
});
