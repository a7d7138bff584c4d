import Markdown, { type Components, type UrlTransform } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { t } from '../lib/i18n/i18n';
import { useLocale } from '../lib/i18n/i18n-react';

const LINK_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);
const IMAGE_PROTOCOLS = new Set(['http:', 'https:']);

/**
 * Only absolute http(s) and mailto links survive; `javascript:`, `data:`, relative paths
 * and anything unparseable lose their URL and render as plain text. Images: http(s) only.
 */
export const markdownUrlTransform: UrlTransform = (url, key) => {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return null;
  }
  const allowed = key === 'src' ? IMAGE_PROTOCOLS : LINK_PROTOCOLS;
  return allowed.has(parsed.protocol) ? parsed.href : null;
};

const components: Components = {
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

// GitHub-flavoured Markdown: skills, tasks and pages use tables, task lists and strikethrough.
const remarkPlugins = [remarkGfm];

/**
 * Markdown from the service (a skill's content, a task's body or output, a page), with
 * GFM tables and task lists. Raw HTML in the source is never turned into elements: there
 * is no rehype-raw, and `skipHtml` drops it, so `<script>` or `<img onerror>` cannot run.
 */
export function MarkdownContent({ source }: { source: string }) {
  // The task-list boxes' names are messages: draw again when the language changes.
  useLocale();
  return (
    // Workspace data: a browser's page translation leaves it as written.
    <div className="markdown-body" translate="no">
      <Markdown
        skipHtml
        remarkPlugins={remarkPlugins}
        urlTransform={markdownUrlTransform}
        components={components}
      >
        {source}
      </Markdown>
    </div>
  );
}
