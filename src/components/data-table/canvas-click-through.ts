/** How far a pointer may move between its press and its release and still click. */
const CLICK_SLOP_PX = 5;

const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]';

/**
 * A mouse's (or pen's) press on the grid's canvas, once painting has ended and the DOM rows
 * are drawn under it (decision 066's addendum): its click acts on the element now under the
 * point, as if the canvas had not been there. The press's target was the canvas, hidden by
 * the release, so the browser's own click goes to an element common to both (the scroll
 * element) or, in some engines, nowhere: on the release at the same spot the element under
 * it takes the focus a press gives and a click (a row opens, a link follows), and the
 * browser's click of that same task is swallowed, so nothing opens twice. A drag clicks
 * nothing.
 */
export function passClickThrough(down: PointerEvent, endPainting: () => void): void {
  const view = window;
  const { pointerId, clientX, clientY } = down;
  const stop = () => {
    view.removeEventListener('pointerup', onUp, true);
    view.removeEventListener('pointercancel', onCancel, true);
  };
  const onCancel = (event: PointerEvent) => {
    if (event.pointerId === pointerId) stop();
  };
  const onUp = (up: PointerEvent) => {
    if (up.pointerId !== pointerId) return;
    stop();
    if (Math.hypot(up.clientX - clientX, up.clientY - clientY) > CLICK_SLOP_PX) return;
    // A wheel turned while the button was down may have painted again: the DOM rows first.
    endPainting();
    const target = view.document.elementFromPoint(up.clientX, up.clientY);
    if (!(target instanceof HTMLElement)) return;
    const swallow = (click: MouseEvent) => {
      if (!click.isTrusted) return;
      click.stopImmediatePropagation();
      click.preventDefault();
    };
    view.addEventListener('click', swallow, true);
    view.setTimeout(() => view.removeEventListener('click', swallow, true), 0);
    target.closest<HTMLElement>(FOCUSABLE)?.focus({ preventScroll: true });
    target.dispatchEvent(
      new MouseEvent('click', {
        bubbles: true,
        cancelable: true,
        composed: true,
        detail: 1,
        screenX: up.screenX,
        screenY: up.screenY,
        clientX: up.clientX,
        clientY: up.clientY,
        ctrlKey: up.ctrlKey,
        shiftKey: up.shiftKey,
        altKey: up.altKey,
        metaKey: up.metaKey,
        button: 0,
      }),
    );
  };
  view.addEventListener('pointerup', onUp, true);
  view.addEventListener('pointercancel', onCancel, true);
}

/**
 * A touch on the grid's canvas stops the fling and opens nothing (decision 066), as on
 * phones. The tap's click comes after the canvas is hidden, aimed at the cell now there:
 * cancelling its touchend cancels that click. Given up a second after the touch's pointer
 * left, so a later tap elsewhere keeps its click.
 */
export function cancelTapClick(down: PointerEvent): void {
  const view = window;
  const { pointerId } = down;
  let timer: number | undefined;
  const stop = () => {
    view.clearTimeout(timer);
    view.removeEventListener('touchend', onTouchEnd, true);
    view.removeEventListener('touchcancel', stop, true);
    view.removeEventListener('pointerup', onUp, true);
    view.removeEventListener('pointercancel', onUp, true);
  };
  const onTouchEnd = (event: TouchEvent) => {
    if (event.cancelable) event.preventDefault();
    stop();
  };
  const onUp = (event: PointerEvent) => {
    if (event.pointerId === pointerId) timer = view.setTimeout(stop, 1_000);
  };
  view.addEventListener('touchend', onTouchEnd, { capture: true, passive: false });
  view.addEventListener('touchcancel', stop, true);
  view.addEventListener('pointerup', onUp, true);
  view.addEventListener('pointercancel', onUp, true);
}
