import { useEffect } from 'react';
import { normalizeKeepingNumbers, prepareQuery } from '../../../../lib/text-search';
import type { FindMatchesStore } from '../find-matches';

/** The name of the highlight in CSS (`::highlight(find-match)`). */
export const FIND_HIGHLIGHT = 'find-match';

const MARKS = /\p{M}+/gu;

/**
 * Where each word occurs in `text`, compared as the find compares (case and accents
 * aside): [start, end) offsets into `text` itself.
 */
export function wordRangesIn(text: string, words: readonly string[]): Array<[number, number]> {
  // Most of what a grid shows is ASCII: folded by toLowerCase alone, offset for offset (the
  // loop below, a normalization a character, made the marks tens of milliseconds a frame).
  if (isAscii(text)) {
    const lower = text.toLowerCase();
    const ranges: Array<[number, number]> = [];
    for (const word of words) {
      for (let at = lower.indexOf(word); at >= 0; at = lower.indexOf(word, at + word.length)) {
        ranges.push([at, at + word.length]);
      }
    }
    return ranges;
  }
  let folded = '';
  const origin: number[] = [];
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i] as string;
    const plain = char.normalize('NFKD').replace(MARKS, '').toLowerCase();
    for (let j = 0; j < plain.length; j += 1) {
      folded += plain[j];
      origin.push(i);
    }
  }
  const ranges: Array<[number, number]> = [];
  for (const word of words) {
    for (let at = folded.indexOf(word); at >= 0; at = folded.indexOf(word, at + word.length)) {
      ranges.push([origin[at] as number, (origin[at + word.length - 1] as number) + 1]);
    }
  }
  return ranges;
}

function isAscii(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) if (text.charCodeAt(i) > 0x7f) return false;
  return true;
}

type HighlightRegistry = Map<string, unknown>;
interface HighlightApi {
  registry: HighlightRegistry;
  make: () => { add(range: Range): void; clear(): void };
}

/**
 * The marks' colours: dark text on amber reads in both themes. A constructed style sheet,
 * not the app's CSS, whose build does not know the `::highlight()` pseudo-element yet (and
 * not an inline <style>, which the dashboard's Content-Security-Policy refuses).
 */
let styled = false;
function addHighlightStyle(): void {
  if (styled || typeof CSSStyleSheet === 'undefined' || !('adoptedStyleSheets' in document)) {
    return;
  }
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(
    `::highlight(${FIND_HIGHLIGHT}) { background-color: #fde68a; color: #0f172a; }`,
  );
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  styled = true;
}
// When the records screen's code loads, not when a find begins: a style sheet added to the
// document restyles every element in it (its rule is `*::highlight()`), which was a task of
// 21–31 ms of thread time at 2.6× over a table's grid as the find turned to its matches
// (decision 061). The connect screen or the workspace's first page has few elements yet.
addHighlightStyle();

function highlightApi(): HighlightApi | null {
  const css = globalThis.CSS as { highlights?: HighlightRegistry } | undefined;
  const Highlight = (
    globalThis as { Highlight?: new () => { add(range: Range): void; clear(): void } }
  ).Highlight;
  if (!css?.highlights || !Highlight) return null;
  const registry = css.highlights;
  return { registry, make: () => new Highlight() };
}

/**
 * Marks what the find matched in the records drawn inside `container` (grid cells, cards,
 * a board's cards, a calendar's entries), with the CSS Custom Highlight API: the cells stay as they are (no element added
 * to every cell drawn), and the marks follow the rows as they are recycled while
 * scrolling. A browser without the API shows the matches unmarked. The words are those
 * the matches shown are for (`matches`' text, null: none): they change with the matches,
 * not a render of the screen later.
 */
export function useFindHighlight(
  container: HTMLElement | null,
  matches: FindMatchesStore | null,
): void {
  useEffect(() => {
    const api = highlightApi();
    if (api === null || container === null || matches === null) return;
    const highlight = api.make();
    let text: string | null = null;
    let words: readonly string[] = [];
    /** The words of the matches shown now; false when there are none to mark. */
    const follow = () => {
      const now = matches.get().text;
      if (now === text) return words.length > 0;
      text = now;
      words = prepareQuery(now, normalizeKeepingNumbers).words;
      if (words.length > 0) api.registry.set(FIND_HIGHLIGHT, highlight);
      else if (api.registry.get(FIND_HIGHLIGHT) === highlight) api.registry.delete(FIND_HIGHLIGHT);
      return words.length > 0;
    };
    let frame = 0;
    const mark = () => {
      frame = 0;
      highlight.clear();
      if (!follow()) return;
      const walker = document.createTreeWalker(container, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
        const value = node.nodeValue ?? '';
        if (
          value.trim() === '' ||
          node.parentElement?.closest('input, textarea, [aria-hidden="true"]')
        ) {
          continue;
        }
        for (const [start, end] of wordRangesIn(value, words)) {
          const range = document.createRange();
          range.setStart(node, start);
          range.setEnd(node, end);
          highlight.add(range);
        }
      }
    };
    const schedule = () => {
      if (frame === 0) frame = requestAnimationFrame(mark);
    };
    mark();
    const observer = new MutationObserver(schedule);
    observer.observe(container, { subtree: true, childList: true, characterData: true });
    // New words without a change in the records drawn (a keystroke keeping the same rows).
    const stopFollowing = matches.subscribe(() => {
      if (matches.get().text !== text) schedule();
    });
    return () => {
      stopFollowing();
      observer.disconnect();
      cancelAnimationFrame(frame);
      if (api.registry.get(FIND_HIGHLIGHT) === highlight) api.registry.delete(FIND_HIGHLIGHT);
    };
  }, [container, matches]);
}
