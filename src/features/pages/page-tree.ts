import type { PageSummary } from '../../lib/api/types';

export interface PageTree {
  /** Pages with no visible parent, in list order. */
  roots: PageSummary[];
  byId: ReadonlyMap<string, PageSummary>;
  /** The parent a page is shown under: null for a root. Never forms a loop. */
  parentOf: ReadonlyMap<string, string | null>;
  /** Children in list order. */
  childrenOf: ReadonlyMap<string, PageSummary[]>;
}

/**
 * The page tree by `parent_page_id`, distrusting the data: a page whose parent is missing
 * (deleted, another workspace, not loaded) or is itself, and every page on a parent cycle,
 * is shown at the root, so every page appears exactly once and walking up always ends. A
 * page repeated in the list counts once (its first occurrence).
 */
export function buildPageTree(pages: readonly PageSummary[]): PageTree {
  const byId = new Map<string, PageSummary>();
  for (const page of pages) if (!byId.has(page.id)) byId.set(page.id, page);

  const declaredParent = (id: string): string | null => {
    const parentId = byId.get(id)?.parentPageId ?? null;
    return parentId !== null && parentId !== id && byId.has(parentId) ? parentId : null;
  };

  // A page is on a cycle when walking up from it comes back to it. Each walk stops at a
  // root, at a page already judged, or at a repeat, so the whole pass is linear.
  const onCycle = new Set<string>();
  const judged = new Set<string>();
  for (const start of byId.keys()) {
    if (judged.has(start)) continue;
    const path: string[] = [];
    const position = new Map<string, number>();
    let current: string | null = start;
    while (current !== null && !judged.has(current) && !position.has(current)) {
      position.set(current, path.length);
      path.push(current);
      current = declaredParent(current);
    }
    if (current !== null && position.has(current)) {
      for (const id of path.slice(position.get(current))) onCycle.add(id);
    }
    for (const id of path) judged.add(id);
  }

  const parentOf = new Map<string, string | null>();
  const childrenOf = new Map<string, PageSummary[]>();
  const roots: PageSummary[] = [];
  for (const page of byId.values()) {
    const parentId = onCycle.has(page.id) ? null : declaredParent(page.id);
    parentOf.set(page.id, parentId);
    if (parentId === null) {
      roots.push(page);
    } else {
      const siblings = childrenOf.get(parentId);
      if (siblings) siblings.push(page);
      else childrenOf.set(parentId, [page]);
    }
  }
  return { roots, byId, parentOf, childrenOf };
}

/** The pages above `pageId`, from the root down to its parent. */
export function ancestorsOf(tree: PageTree, pageId: string): PageSummary[] {
  const ancestors: PageSummary[] = [];
  let parentId = tree.parentOf.get(pageId) ?? null;
  while (parentId !== null) {
    const parent = tree.byId.get(parentId);
    if (!parent) break;
    ancestors.unshift(parent);
    parentId = tree.parentOf.get(parentId) ?? null;
  }
  return ancestors;
}

export interface VisibleTreeItem {
  page: PageSummary;
  level: number;
  parentId: string | null;
  hasChildren: boolean;
  /** 1-based position among its siblings, and their count (aria-posinset/-setsize). */
  position: number;
  setSize: number;
}

/** The items a tree widget shows, in order, given which pages are expanded. */
export function visibleItems(tree: PageTree, expanded: ReadonlySet<string>): VisibleTreeItem[] {
  const items: VisibleTreeItem[] = [];
  const walk = (pages: PageSummary[], level: number, parentId: string | null) => {
    pages.forEach((page, index) => {
      const children = tree.childrenOf.get(page.id) ?? [];
      items.push({
        page,
        level,
        parentId,
        hasChildren: children.length > 0,
        position: index + 1,
        setSize: pages.length,
      });
      if (children.length > 0 && expanded.has(page.id)) walk(children, level + 1, page.id);
    });
  };
  walk(tree.roots, 1, null);
  return items;
}
