import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { passClickThrough } from './canvas-click-through';

/** A row (opens on click) with a focusable cell, as the DOM grid draws them. */
let row: HTMLDivElement;
let cell: HTMLDivElement;
let opened: number;

beforeEach(() => {
  opened = 0;
  row = document.createElement('div');
  cell = document.createElement('div');
  cell.tabIndex = -1;
  cell.append('ORD-1');
  row.append(cell);
  row.addEventListener('click', () => {
    opened += 1;
  });
  document.body.append(row);
  // jsdom lays nothing out: the cell is what is under every point.
  document.elementFromPoint = vi.fn(() => cell);
});
afterEach(() => {
  row.remove();
  vi.restoreAllMocks();
});

function pointer(type: string, x: number, y: number, pointerId = 1) {
  return new PointerEvent(type, {
    pointerId,
    pointerType: 'mouse',
    clientX: x,
    clientY: y,
    bubbles: true,
  });
}

describe('passClickThrough', () => {
  it('opens the row under a mouse click on the canvas once, and focuses its cell', () => {
    passClickThrough(pointer('pointerdown', 100, 200), () => {});
    window.dispatchEvent(pointer('pointerup', 101, 201));
    expect(opened).toBe(1);
    expect(document.activeElement).toBe(cell);
    expect(document.elementFromPoint).toHaveBeenCalledWith(101, 201);
    // Only that release: a later one elsewhere is its own click.
    window.dispatchEvent(pointer('pointerup', 101, 201));
    expect(opened).toBe(1);
  });

  it('opens nothing when the pointer was dragged, or the press was cancelled', () => {
    passClickThrough(pointer('pointerdown', 100, 200), () => {});
    window.dispatchEvent(pointer('pointerup', 100, 260));
    passClickThrough(pointer('pointerdown', 100, 200, 2), () => {});
    window.dispatchEvent(pointer('pointercancel', 100, 200, 2));
    window.dispatchEvent(pointer('pointerup', 100, 200, 2));
    expect(opened).toBe(0);
  });

  it('waits for its own pointer’s release', () => {
    passClickThrough(pointer('pointerdown', 100, 200, 4), () => {});
    window.dispatchEvent(pointer('pointerup', 100, 200, 5));
    expect(opened).toBe(0);
    window.dispatchEvent(pointer('pointerup', 100, 200, 4));
    expect(opened).toBe(1);
  });
});
