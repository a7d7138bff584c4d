/**
 * Parses Markdown off the main thread (docs/decisions/041): a skill's page spent ~180 ms of
 * one main-thread task in the parser on its first load, more than all else on that page.
 * A message is `{ id, source }`; the reply `{ id, tree }` or `{ id, error }`.
 */
import { markdownToTree } from './markdown-tree';

self.onmessage = (event: MessageEvent<{ id: number; source: string }>) => {
  const { id, source } = event.data;
  try {
    self.postMessage({ id, tree: markdownToTree(source) });
  } catch (error) {
    self.postMessage({ id, error: String(error) });
  }
};
