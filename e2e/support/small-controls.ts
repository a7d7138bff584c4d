import type { Page } from '@playwright/test';

/**
 * Controls drawn smaller than `min` px either way, as "WxH role name" lines. Links in text
 * (a sentence, a cell's value, Markdown) are exempt as WCAG's inline targets; a link that
 * stands alone (a list's entry, a back link, a title) is a target like any button. Hidden
 * ones (a skip link until focused, a visually hidden radio inside its label) are no targets;
 * a visually hidden input counts through its label, which is what a finger presses.
 */
export function smallControls(page: Page, min: number): Promise<string[]> {
  return page.evaluate((min) => {
    const controls = document.querySelectorAll<HTMLElement>(
      'button, select, input:not([type="hidden"]), [role="button"], [role="separator"][tabindex], [role="treeitem"], summary, a[href], label:has(> input.sr-only)',
    );
    const inText = (element: HTMLElement) =>
      element.tagName === 'A' &&
      element.closest('p, [role="gridcell"], .markdown-body, td, dd, [role="tooltip"]') !== null;
    const lines: string[] = [];
    for (const control of controls) {
      if (inText(control)) continue;
      // A hidden radio counts through its label; a disabled box (a Markdown task list's
      // tick) is nothing to press.
      if (control.matches('input.sr-only, :disabled')) continue;
      // A tick box or a radio button is pressed through its label, which is its target.
      const label = control.matches('input[type="checkbox"], input[type="radio"]')
        ? control.closest('label')
        : null;
      const box = (label ?? control).getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) continue;
      const style = getComputedStyle(control);
      if (style.visibility === 'hidden' || style.pointerEvents === 'none') continue;
      if (control.closest('[aria-hidden="true"], [inert]')) continue;
      // A drag handle's own width is the column edge; its size is its height.
      const small =
        control.getAttribute('role') === 'separator'
          ? box.height < min
          : box.width < min || box.height < min;
      if (small)
        lines.push(
          `${Math.round(box.width)}x${Math.round(box.height)} ${control.tagName} ${control.getAttribute('aria-label') ?? control.textContent?.trim().slice(0, 30)}`,
        );
    }
    return lines;
  }, min);
}
