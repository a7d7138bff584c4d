import { computePosition, type Placement, type Platform, type Rect } from '@floating-ui/react-dom';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useId, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { MenuOpener } from './menu-opener';
import { floatingPanelMiddleware, usePopover, VIEWPORT_MARGIN } from './use-floating-panel';

/**
 * A screen of `viewport` px with a button at `button` and a panel of `panel` px: where the
 * shared middleware puts the panel, and the largest size it lets the panel take. jsdom lays
 * nothing out, so the boxes are given to Floating UI through its platform hooks.
 */
async function place({
  viewport,
  button,
  panel,
  placement,
  margin,
}: {
  viewport: { width: number; height: number };
  button: Rect;
  panel: { width: number; height: number };
  placement: Placement;
  margin?: number;
}) {
  const reference = document.createElement('button');
  const floating = document.createElement('div');
  const platform: Platform = {
    getElementRects: () => ({ reference: button, floating: { x: 0, y: 0, ...panel } }),
    getDimensions: () => panel,
    getClippingRect: () => ({ x: 0, y: 0, ...viewport }),
    getOffsetParent: () => window,
    isElement: () => false,
    getDocumentElement: () => document.documentElement,
    convertOffsetParentRelativeRectToViewportRelativeRect: ({ rect }) => rect,
    isRTL: () => false,
    getClientRects: () => [],
    getScale: () => ({ x: 1, y: 1 }),
  };
  const result = await computePosition(reference, floating, {
    placement,
    strategy: 'fixed',
    middleware: floatingPanelMiddleware(margin === undefined ? {} : { margin }),
    platform,
  });
  return {
    ...result,
    maxWidth: Number.parseFloat(floating.style.maxWidth),
    maxHeight: Number.parseFloat(floating.style.maxHeight),
  };
}

const phone = { width: 360, height: 740 };

describe('a floating panel', () => {
  it('slides right to stay on a phone screen when its button sits left of the panel’s width', async () => {
    // The cards' ⋯ button with a 288 px menu hanging from its right edge: 46 px past the left edge before.
    const button = { x: 198, y: 8, width: 44, height: 44 };
    const { x, maxWidth } = await place({
      viewport: phone,
      button,
      panel: { width: 288, height: 300 },
      placement: 'bottom-end',
    });
    expect(x).toBe(VIEWPORT_MARGIN);
    expect(x + 288).toBeLessThanOrEqual(phone.width - VIEWPORT_MARGIN);
    expect(maxWidth).toBe(phone.width - 2 * VIEWPORT_MARGIN);
  });

  it('slides left from the right edge, and stays under its button', async () => {
    const button = { x: 330, y: 100, width: 28, height: 28 };
    const { x, y, placement } = await place({
      viewport: phone,
      button,
      panel: { width: 288, height: 200 },
      placement: 'bottom-start',
    });
    expect(x + 288).toBe(phone.width - VIEWPORT_MARGIN);
    expect(placement).toMatch(/^bottom/);
    expect(y).toBe(button.y + button.height + 4);
  });

  it('opens upward when there is more room above its button than below', async () => {
    const button = { x: 20, y: 660, width: 100, height: 44 };
    const { y, placement } = await place({
      viewport: phone,
      button,
      panel: { width: 200, height: 300 },
      placement: 'bottom-start',
    });
    expect(placement).toBe('top-start');
    expect(y + 300).toBe(button.y - 4);
  });

  it('is never wider or taller than the screen’s room, so its content wraps or scrolls inside', async () => {
    const { maxWidth, maxHeight } = await place({
      viewport: { width: 320, height: 480 },
      button: { x: 10, y: 40, width: 44, height: 44 },
      panel: { width: 400, height: 900 },
      placement: 'bottom-start',
    });
    expect(maxWidth).toBe(320 - 2 * VIEWPORT_MARGIN);
    expect(maxHeight).toBe(480 - (40 + 44 + 4) - VIEWPORT_MARGIN);
  });

  it('keeps a smaller room to the edge when given one: the calendar’s seven 44 px days fit a 320 px phone', async () => {
    const { x, maxWidth } = await place({
      viewport: { width: 320, height: 568 },
      button: { x: 266, y: 120, width: 44, height: 44 },
      panel: { width: 324, height: 350 },
      placement: 'bottom-end',
      margin: 4,
    });
    expect(maxWidth).toBe(312);
    expect(x).toBe(4);
  });
});

function Menu() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const { rootRef, openerRef, panelRef, panelStyle } = usePopover({
    open,
    onClose: () => setOpen(false),
    placement: 'bottom-end',
  });
  return (
    <div ref={rootRef}>
      <MenuOpener
        open={open}
        panelId={panelId}
        openerRef={openerRef}
        onToggle={() => setOpen(!open)}
      >
        More
      </MenuOpener>
      {open ? (
        <section ref={panelRef} style={panelStyle} id={panelId} aria-label="More actions">
          <button type="button">Count</button>
        </section>
      ) : null}
    </div>
  );
}

describe('usePopover with its MenuOpener', () => {
  it('says whether its panel is open and which one it is, and opens and closes it when pressed', async () => {
    const user = userEvent.setup();
    render(<Menu />);
    const opener = screen.getByRole('button', { name: 'More' });
    expect(opener).toHaveAttribute('aria-expanded', 'false');
    await user.click(opener);
    expect(opener).toHaveAttribute('aria-expanded', 'true');
    expect(opener).toHaveAttribute(
      'aria-controls',
      screen.getByRole('region', { name: 'More actions' }).id,
    );
    await user.click(opener);
    expect(opener).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('region', { name: 'More actions' })).toBeNull();
  });

  it('places its panel fixed to the screen, and Escape closes it with focus back on its button', async () => {
    const user = userEvent.setup();
    render(<Menu />);
    await user.click(screen.getByRole('button', { name: 'More' }));
    const panel = screen.getByRole('region', { name: 'More actions' });
    await waitFor(() => expect(panel.style.position).toBe('fixed'));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'More actions' })).toBeNull();
    expect(screen.getByRole('button', { name: 'More' })).toHaveFocus();
  });
});
