import type { Root } from 'hast';
import { type Components, toJsxRuntime } from 'hast-util-to-jsx-runtime';
import { use } from 'react';
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';
import { t } from '../lib/i18n/i18n';
import { useLocale } from '../lib/i18n/i18n-react';

export { markdownUrlTransform } from './markdown-urls';

const components: Partial<Components> = {
  // The page's own title is the one h1; the Markdown's headings sit one level below it.
  h1: ({ children }) => <h2>{children}</h2>,
  h2: ({ children }) => <h3>{children}</h3>,
  h3: ({ children }) => <h4>{children}</h4>,
  h4: ({ children }) => <h5>{children}</h5>,
  h5: ({ children }) => <h6>{children}</h6>,
  a: ({ href, children }) =>
    href ? (
      <a href={href} target="_blank" rel="noopener noreferrer">
        {children}
      </a>
    ) : (
      <span>{children}</span>
    ),
  img: ({ src, alt }) =>
    typeof src === 'string' && src !== '' ? (
      <img src={src} alt={alt ?? ''} loading="lazy" referrerPolicy="no-referrer" />
    ) : (
      <span>{alt}</span>
    ),
  // Task-list boxes (`- [x]`) are the only inputs Markdown makes: read-only, and each needs
  // a name of its own, or a screen reader announces a bare "checkbox" (axe: label).
  input: ({ type, checked }) =>
    type === 'checkbox' ? (
      <input
        type="checkbox"
        checked={checked === true}
        disabled
        aria-label={t(checked ? 'common.markdown.done' : 'common.markdown.notDone')}
      />
    ) : null,
  // Wide Markdown tables scroll on their own instead of widening the page.
  table: ({ children }) => (
    <div className="overflow-x-auto">
      <table>{children}</table>
    </div>
  ),
};

/** Parsed trees by source: a page drawn again (a language switch, a refetch) parses nothing. */
const trees = new Map<string, Promise<Root>>();
const KEPT_TREES = 32;

let worker: Worker | null | undefined;
let nextRequest = 0;
const pending = new Map<number, { resolve: (tree: Root) => void; source: string }>();

const parseHere = (source: string) =>
  import('./markdown-tree').then(({ markdownToTree }) => markdownToTree(source));

/**
 * The Markdown worker, started on first use; null where there is none (jsdom) or it could
 * not start (a Content-Security-Policy without `'self'` scripts): the main thread parses then.
 */
function markdownWorker(): Worker | null {
  if (worker !== undefined) return worker;
  worker = null;
  if (typeof Worker === 'undefined') return worker;
  try {
    const started = new Worker(new URL('./markdown.worker.ts', import.meta.url), {
      type: 'module',
    });
    started.onmessage = (event: MessageEvent<{ id: number; tree?: Root; error?: string }>) => {
      const request = pending.get(event.data.id);
      if (!request) return;
      pending.delete(event.data.id);
      if (event.data.tree) request.resolve(event.data.tree);
      else void parseHere(request.source).then(request.resolve);
    };
    // The worker's script failed to load or run: what it was asked, and all later, parse here.
    started.onerror = () => {
      worker = null;
      started.terminate();
      for (const request of pending.values()) void parseHere(request.source).then(request.resolve);
      pending.clear();
    };
    worker = started;
  } catch {
    worker = null;
  }
  return worker;
}

/** The safe hast tree of `source`, parsed once, in the Markdown worker where there is one. */
export function markdownTreeOf(source: string): Promise<Root> {
  const known = trees.get(source);
  if (known) return known;
  const target = markdownWorker();
  const tree =
    target === null
      ? parseHere(source)
      : new Promise<Root>((resolve) => {
          const id = nextRequest++;
          pending.set(id, { resolve, source });
          target.postMessage({ id, source });
        });
  // Marked as React's `use` reads a settled promise, so a tree parsed before is drawn
  // without suspending again (a language switch, a refetch, a page seen before).
  const tracked = tree as Promise<Root> & { status?: string; value?: Root };
  tracked.status = 'pending';
  void tree.then((value) => {
    tracked.status = 'fulfilled';
    tracked.value = value;
  });
  trees.set(source, tree);
  if (trees.size > KEPT_TREES) {
    const oldest = trees.keys().next().value;
    if (oldest !== undefined) trees.delete(oldest);
  }
  return tree;
}

/**
 * Markdown from the service (a skill's content, a task's body or output, a page), with
 * GFM tables and task lists. Raw HTML in the source is never turned into elements (it is
 * dropped, see markdown-tree.ts), so `<script>` or `<img onerror>` cannot run.
 *
 * Suspends while the source is parsed (off the main thread): put it under a Suspense
 * boundary whose fallback stands for the whole view, so nothing moves when it appears.
 */
export function MarkdownContent({ source }: { source: string }) {
  // The task-list boxes' names are messages: draw again when the language changes.
  useLocale();
  const tree = use(markdownTreeOf(source));
  return (
    // Workspace data: a browser's page translation leaves it as written.
    <div className="markdown-body" translate="no">
      {toJsxRuntime(tree, {
        Fragment,
        components,
        ignoreInvalidStyle: true,
        jsx,
        jsxs,
        passKeys: true,
      })}
    </div>
  );
}
