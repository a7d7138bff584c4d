import type { Page } from '@playwright/test';

/**
 * With the pseudo-locale on (every catalog message between ⟦ and ⟧), the visible text and
 * the accessible names on the page that did not come from the catalog: text outside the
 * markers that holds a letter, unless it is workspace data (inside `translate="no"`, the
 * marking every value, name and id carries). Also checks `aria-label`, `title` and
 * `placeholder` attributes.
 */
export function untranslatedText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const LETTER = /\p{L}/u;
    // A message may hold another as a placeholder ("Workspace: ⟦Demo workspace⟧ (host)"):
    // innermost first, until no marked message is left.
    const outsideMarkers = (text: string) => {
      let rest = text;
      for (let before = ''; before !== rest; ) {
        before = rest;
        rest = rest.replace(/⟦[^⟦⟧]*⟧/g, ' ');
      }
      return rest.replace(/^[^⟦]*⟧/, ' ').replace(/⟦[^⟧]*$/, ' ');
    };
    const isData = (element: Element | null) => element?.closest('[translate="no"]') != null;
    // Screen-reader-only text counts: it is read aloud.
    const isShown = (element: Element) => {
      if (element.closest('[hidden], [aria-hidden="true"], script, style, noscript, template')) {
        return false;
      }
      const style = getComputedStyle(element);
      return style.display !== 'none' && style.visibility !== 'hidden';
    };
    const found = new Set<string>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || isData(parent) || !isShown(parent)) continue;
      const rest = outsideMarkers(node.textContent ?? '').trim();
      if (LETTER.test(rest))
        found.add(`text "${rest.slice(0, 80)}" in <${parent.tagName.toLowerCase()}>`);
    }
    // An accessible name that is a piece of data shown elsewhere on the page (a grid named
    // after its table, a column header after its column) is data too.
    const dataTexts = new Set(
      Array.from(document.body.querySelectorAll('[translate="no"]'), (element) =>
        (element.textContent ?? '').trim(),
      ),
    );
    for (const element of document.body.querySelectorAll('[aria-label], [title], [placeholder]')) {
      if (isData(element) || !isShown(element)) continue;
      for (const name of ['aria-label', 'title', 'placeholder']) {
        const value = element.getAttribute(name);
        if (value === null || dataTexts.has(value.trim())) continue;
        // A title of several lines may give a piece of data its own line (a column header's
        // full name above its sort hint): that line is data too.
        const worded = value
          .split('\n')
          .filter((line) => !dataTexts.has(line.trim()))
          .join('\n');
        const rest = outsideMarkers(worded).trim();
        if (LETTER.test(rest))
          found.add(`${name} "${rest.slice(0, 80)}" on <${element.tagName.toLowerCase()}>`);
      }
    }
    return [...found];
  });
}
