import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { runAxe } from './axe';
import { smallControls } from './small-controls';

/**
 * The checks the phone audit (phone-audit.spec.ts) runs on each screen and each open menu,
 * sheet and dialog, each answering readable lines (empty: nothing found).
 */

/**
 * Interactive elements whose box leaves the screen sideways and that no scrolling box of
 * their own brings back (a grid or a board scrolls inside itself; the page must not).
 */
export function offScreenControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const scrollsOwnContent = (element: HTMLElement) => {
      for (
        let node = element.parentElement;
        node && node !== document.body;
        node = node.parentElement
      ) {
        const { overflowX } = getComputedStyle(node);
        if (overflowX !== 'auto' && overflowX !== 'scroll') continue;
        // The content area scrolling sideways is the page scrolling sideways.
        if (node.matches('main, #main-content, [data-page-scroller]')) return false;
        return true;
      }
      return false;
    };
    const lines: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>(
      'button, a[href], input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="menuitem"], [role="option"], [role="treeitem"]',
    )) {
      const box = element.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) continue;
      if (element.closest('.sr-only, [aria-hidden="true"], [inert]')) continue;
      if (getComputedStyle(element).visibility === 'hidden') continue;
      if (box.left >= -1 && box.right <= width + 1) continue;
      if (scrollsOwnContent(element)) continue;
      lines.push(
        `${Math.round(box.left)}..${Math.round(box.right)} of ${width}: ${element.tagName} ${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)}`,
      );
    }
    return lines;
  });
}

/** The page, or its content area, scrolling sideways: by how many px. */
export function sidewaysScroll(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const lines: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth + 1)
      lines.push(`the page is ${root.scrollWidth - root.clientWidth} px wider than the screen`);
    const main = document.querySelector<HTMLElement>('main');
    if (
      main &&
      main.scrollWidth > main.clientWidth + 1 &&
      getComputedStyle(main).overflowX !== 'hidden'
    )
      lines.push(`the content area is ${main.scrollWidth - main.clientWidth} px wider than itself`);
    return lines;
  });
}

/**
 * Text meant to show whole (headings, buttons, labels, legends, tabs, placeholders) that
 * its box cuts, unless its full text is a tap or a hover away (a `title` on it or around
 * it). A placeholder is measured against its field's inner width.
 */
export function cutText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const lines: string[] = [];
    const canvas = document.createElement('canvas').getContext('2d');
    const shown = (element: HTMLElement) => {
      const box = element.getBoundingClientRect();
      return (
        box.width > 1 &&
        box.height > 1 &&
        element.closest('.sr-only, [aria-hidden="true"]') === null &&
        getComputedStyle(element).visibility !== 'hidden'
      );
    };
    const hasWholeText = (element: HTMLElement) =>
      element.closest('[title]') !== null ||
      element.querySelector('[title]') !== null ||
      element.hasAttribute('aria-describedby');
    for (const element of document.querySelectorAll<HTMLElement>(
      'h1, h2, h3, h4, button, label, legend, summary, th, [role="columnheader"], [role="tab"]',
    )) {
      if (!shown(element)) continue;
      const cut =
        element.scrollWidth > element.clientWidth + 1 &&
        getComputedStyle(element).overflowX !== 'visible';
      const truncated = [element, ...element.querySelectorAll<HTMLElement>('.truncate')].some(
        (node) =>
          node.scrollWidth > node.clientWidth + 1 &&
          getComputedStyle(node).textOverflow === 'ellipsis',
      );
      if ((cut || truncated) && !hasWholeText(element))
        lines.push(`${element.tagName} "${(element.textContent ?? '').trim().slice(0, 50)}"`);
    }
    for (const field of document.querySelectorAll<HTMLInputElement>(
      'input[placeholder], textarea[placeholder]',
    )) {
      if (!shown(field) || field.value !== '' || !canvas) continue;
      const style = getComputedStyle(field);
      canvas.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room =
        field.clientWidth -
        Number.parseFloat(style.paddingLeft) -
        Number.parseFloat(style.paddingRight);
      const needed = canvas.measureText(field.placeholder).width;
      if (needed > room + 1)
        lines.push(
          `placeholder "${field.placeholder}" needs ${Math.ceil(needed)} px, has ${Math.floor(room)}`,
        );
    }
    return lines;
  });
}

/**
 * Axe's findings for `rules`: color-contrast (text below WCAG AA), and with a mouse
 * target-size (WCAG 2.2's 24 px, with its spacing exception).
 */
export async function axeFindings(page: Page, rules: string[]): Promise<string[]> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) => !(animation instanceof CSSTransition) || animation.playState !== 'running',
      ),
  );
  const results = await runAxe(page, { runOnly: { type: 'rule', values: rules } });
  return results.violations.flatMap((violation) =>
    violation.nodes.map((node) =>
      `${violation.id} ${node.target.join(' ')}: ${(node.failureSummary ?? '').replace(/\s+/g, ' ')}`.trim(),
    ),
  );
}

let englishMessages: Map<string, Set<string>> | null = null;

/**
 * Each English catalog message that has no placeholder, mapped to the locales whose own
 * catalog says it otherwise: shown as it is on an es or pt-BR page, it is English that
 * leaked past the catalog (a hard-coded word, a message read in the wrong language).
 */
function englishOnlyMessages(): Map<string, Set<string>> {
  if (englishMessages) return englishMessages;
  const localesDir = path.join(import.meta.dirname, '../../src/locales');
  const read = (locale: string) => {
    const all: Record<string, string> = {};
    for (const file of readdirSync(path.join(localesDir, locale))) {
      Object.assign(all, JSON.parse(readFileSync(path.join(localesDir, locale, file), 'utf8')));
    }
    return all;
  };
  const english = read('en');
  const others = { es: read('es'), 'pt-BR': read('pt-BR') } as Record<
    string,
    Record<string, string>
  >;
  englishMessages = new Map();
  for (const [key, message] of Object.entries(english)) {
    if (/[{}]/.test(message) || !/\p{L}{3}/u.test(message)) continue;
    const differs = new Set(
      Object.entries(others)
        .filter(([, catalog]) => catalog[key] !== undefined && catalog[key] !== message)
        .map(([locale]) => locale),
    );
    if (differs.size > 0) englishMessages.set(message.trim(), differs);
  }
  return englishMessages;
}

/** English catalog messages on a page in `locale`, outside workspace data (`translate="no"`). */
export async function englishWords(page: Page, locale: string): Promise<string[]> {
  if (locale === 'en') return [];
  const messages = [...englishOnlyMessages()]
    .filter(([, locales]) => locales.has(locale))
    .map(([message]) => message);
  return page.evaluate((messages) => {
    const english = new Set(messages);
    const found = new Set<string>();
    const isData = (element: Element) => element.closest('[translate="no"]') !== null;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || isData(parent) || parent.closest('script, style, [hidden]')) continue;
      const text = (node.textContent ?? '').trim();
      if (english.has(text)) found.add(`text "${text}" in <${parent.tagName.toLowerCase()}>`);
    }
    for (const element of document.body.querySelectorAll('[aria-label], [title], [placeholder]')) {
      if (isData(element)) continue;
      for (const name of ['aria-label', 'title', 'placeholder']) {
        const value = element.getAttribute(name)?.trim();
        if (value && english.has(value)) found.add(`${name} "${value}"`);
      }
    }
    return [...found];
  }, messages);
}

export interface AuditOptions {
  locale: string;
  touch: boolean;
  /** Contrast checked again in the dark scheme. */
  dark?: boolean;
}

/** Every check on what the screen shows now, as `label: problem` lines. */
export async function auditScreen(
  page: Page,
  label: string,
  options: AuditOptions,
): Promise<string[]> {
  const found: string[] = [];
  const add = (kind: string, lines: string[]) => {
    for (const line of lines) found.push(`${label} · ${kind}: ${line}`);
  };
  add('off screen', await offScreenControls(page));
  add('sideways', await sidewaysScroll(page));
  // On touch our own promise, 44 px; with a mouse WCAG's 24 px as axe measures it.
  if (options.touch) add('small target', await smallControls(page, 44));
  add('cut text', await cutText(page));
  add(
    'axe',
    await axeFindings(page, options.touch ? ['color-contrast'] : ['color-contrast', 'target-size']),
  );
  add('English', await englishWords(page, options.locale));
  if (options.dark) {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.waitForFunction(() => document.documentElement.classList.contains('dark'));
    add('axe, dark', await axeFindings(page, ['color-contrast']));
    await page.emulateMedia({ colorScheme: 'light' });
    await page.waitForFunction(() => !document.documentElement.classList.contains('dark'));
  }
  return found;
}
