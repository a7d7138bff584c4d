import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useCallback, useRef, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { usePopoverDismissal } from './use-popover-dismissal';

function Menu() {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const openerRef = useRef<HTMLButtonElement>(null);
  const onClose = useCallback(() => setOpen(false), []);
  usePopoverDismissal({ open, onClose, rootRef, openerRef });
  return (
    <>
      <button type="button">Elsewhere</button>
      <div ref={rootRef}>
        <button ref={openerRef} type="button" aria-expanded={open} onClick={() => setOpen(!open)}>
          Export
        </button>
        {open && (
          <section aria-label="Export options">
            <input aria-label="File name" />
          </section>
        )}
      </div>
    </>
  );
}

describe('a popover', () => {
  it('closes on Escape with focus still on the button that opened it', async () => {
    const user = userEvent.setup();
    render(<Menu />);
    await user.click(screen.getByRole('button', { name: 'Export' }));
    expect(screen.getByRole('region', { name: 'Export options' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Export options' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Export' })).toHaveFocus();
  });

  it('closes on Escape from inside and gives focus back to its button', async () => {
    const user = userEvent.setup();
    render(<Menu />);
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await user.click(screen.getByLabelText('File name'));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Export options' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Export' })).toHaveFocus();
  });

  it('closes on a press outside, leaving focus where the press put it', async () => {
    const user = userEvent.setup();
    render(<Menu />);
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(screen.queryByRole('region', { name: 'Export options' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Elsewhere' })).toHaveFocus();
  });
});
