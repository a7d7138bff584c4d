/**
 * Markdown source to a hast tree (HTML's syntax tree as plain objects), made safe to
 * render: the same unified pipeline react-markdown runs (remark-parse, GFM, remark-rehype),
 * then raw HTML dropped and every URL attribute passed through `markdownUrlTransform`.
 * Free of React and the DOM, so it runs in the Markdown worker (markdown.worker.ts), or on
 * the main thread where there is no Worker (tests).
 */
import type { Element, Root } from 'hast';
import { urlAttributes } from 'html-url-attributes';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';
import { markdownUrlTransform } from './markdown-urls';

// GitHub-flavoured Markdown: skills, tasks and pages use tables, task lists and strikethrough.
// Raw HTML becomes `raw` nodes (dropped below), never elements.
const processor = unified()
  .use(remarkParse)
  .use(remarkGfm)
  .use(remarkRehype, { allowDangerousHtml: true })
  .freeze();

export function markdownToTree(source: string): Root {
  const tree = processor.runSync(processor.parse(source)) as Root;
  visit(tree, (node, index, parent) => {
    if (node.type === 'raw' && parent && typeof index === 'number') {
      // Raw HTML in the source is never turned into elements, nor shown as text.
      parent.children.splice(index, 1);
      return index;
    }
    if (node.type === 'element') sanitizeUrls(node);
    return undefined;
  });
  return tree;
}

function sanitizeUrls(element: Element): void {
  for (const [attribute, tags] of Object.entries(urlAttributes)) {
    if (!Object.hasOwn(element.properties, attribute)) continue;
    if (tags !== null && !tags.includes(element.tagName)) continue;
    const safe = markdownUrlTransform(String(element.properties[attribute] ?? ''), attribute);
    if (safe === null) delete element.properties[attribute];
    else element.properties[attribute] = safe;
  }
}
