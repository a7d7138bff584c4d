import { vi } from 'vitest';

/** The 2D context's calls the grid's canvas makes that draw no text (recorded as nothing). */
const SILENT_CALLS = [
  'fillRect',
  'save',
  'restore',
  'beginPath',
  'rect',
  'clip',
  'moveTo',
  'lineTo',
  'stroke',
  'setTransform',
  'drawImage',
];

/**
 * jsdom draws no canvas: a 2D context that tells `onText` each text the grid draws (and
 * where), measures 7 px a character, and does nothing else (decision 066's canvas in
 * component tests). Undo with `vi.unstubAllGlobals()` and `vi.restoreAllMocks()`.
 */
export function stubRecordingCanvas(onText: (text: string, x: number, y: number) => void): void {
  vi.stubGlobal('CanvasRenderingContext2D', class {});
  const context = {
    fillText: onText,
    measureText: (text: string) => ({ width: text.length * 7 }),
    // A band's clip is set in device pixels (canvas-painter.ts): the scale is read back.
    getTransform: () => ({ a: 1, b: 0, c: 0, d: 1, e: 0, f: 0 }),
    ...Object.fromEntries(SILENT_CALLS.map((name) => [name, () => {}])),
  };
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(
    context as unknown as CanvasRenderingContext2D,
  );
}
