import { type KeyboardEvent, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import type { PageSummary } from '../../lib/api/types';
import { useT } from '../../lib/i18n/i18n-react';
import { type PageTree, type VisibleTreeItem, visibleItems } from './page-tree';

function PageLabel({ page }: { page: PageSummary }) {
  const t = useT();
  return (
    <>
      {page.icon && (
        <span aria-hidden="true" className="shrink-0">
          {page.icon}
        </span>
      )}
      <span className="min-w-0 truncate" translate="no">
        {page.name}
      </span>
      {page.isPublic && (
        <span className="shrink-0 rounded bg-green-100 px-1 text-xs text-green-900 dark:bg-green-950 dark:text-green-100">
          {t('pages.public')}
        </span>
      )}
    </>
  );
}

/**
 * The pages as an ARIA tree (WAI-ARIA APG tree view): one tab stop; ↑/↓ move, → opens or
 * goes to the first child, ← closes or goes to the parent, Home/End, * opens all siblings,
 * typing a letter jumps to the next page starting with it, Enter or a click opens the page.
 * Rendered flat (aria-level/-setsize/-posinset) so the visible order is one list.
 */
export function PageTreeView({ tree, label }: { tree: PageTree; label: string }) {
  const navigate = useNavigate();
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const [focusedId, setFocusedId] = useState<string | null>(null);
  const itemRefs = useRef(new Map<string, HTMLDivElement>());
  const items = useMemo(() => visibleItems(tree, expanded), [tree, expanded]);
  const activeId =
    focusedId !== null && items.some((item) => item.page.id === focusedId)
      ? focusedId
      : (items[0]?.page.id ?? null);

  const focusItem = (id: string) => {
    setFocusedId(id);
    itemRefs.current.get(id)?.focus();
  };
  const setOpen = (id: string, open: boolean) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (open) next.add(id);
      else next.delete(id);
      return next;
    });

  const onKeyDown = (event: KeyboardEvent, item: VisibleTreeItem) => {
    const index = items.indexOf(item);
    const id = item.page.id;
    const isOpen = expanded.has(id);
    let handled = true;
    switch (event.key) {
      case 'ArrowDown': {
        const next = items[index + 1];
        if (next) focusItem(next.page.id);
        break;
      }
      case 'ArrowUp': {
        const previous = items[index - 1];
        if (previous) focusItem(previous.page.id);
        break;
      }
      case 'ArrowRight':
        if (item.hasChildren && !isOpen) setOpen(id, true);
        else if (item.hasChildren) {
          const child = items[index + 1];
          if (child) focusItem(child.page.id);
        }
        break;
      case 'ArrowLeft':
        if (item.hasChildren && isOpen) setOpen(id, false);
        else if (item.parentId !== null) focusItem(item.parentId);
        break;
      case 'Home': {
        const first = items[0];
        if (first) focusItem(first.page.id);
        break;
      }
      case 'End': {
        const last = items[items.length - 1];
        if (last) focusItem(last.page.id);
        break;
      }
      case 'Enter':
        navigate(paths.page(id));
        break;
      case '*':
        setExpanded((current) => {
          const next = new Set(current);
          for (const sibling of items) {
            if (sibling.parentId === item.parentId && sibling.hasChildren) {
              next.add(sibling.page.id);
            }
          }
          return next;
        });
        break;
      default: {
        const letter = event.key.length === 1 ? event.key.toLocaleLowerCase() : '';
        if (letter.trim() === '' || event.ctrlKey || event.metaKey || event.altKey) {
          handled = false;
          break;
        }
        const ordered = [...items.slice(index + 1), ...items.slice(0, index + 1)];
        const match = ordered.find((candidate) =>
          candidate.page.name.toLocaleLowerCase().startsWith(letter),
        );
        if (match) focusItem(match.page.id);
      }
    }
    if (handled) {
      event.preventDefault();
      event.stopPropagation();
    }
  };

  return (
    <div role="tree" aria-label={label} className="space-y-0.5">
      {items.map((item) => {
        const id = item.page.id;
        const isOpen = expanded.has(id);
        return (
          <div
            key={id}
            ref={(element) => {
              if (element) itemRefs.current.set(id, element);
              else itemRefs.current.delete(id);
            }}
            role="treeitem"
            aria-level={item.level}
            aria-setsize={item.setSize}
            aria-posinset={item.position}
            aria-expanded={item.hasChildren ? isOpen : undefined}
            aria-selected={id === activeId}
            tabIndex={id === activeId ? 0 : -1}
            onKeyDown={(event) => onKeyDown(event, item)}
            onFocus={() => setFocusedId(id)}
            onClick={() => navigate(paths.page(id))}
            style={{ paddingLeft: `${(item.level - 1) * 1.25 + 0.25}rem` }}
            className="flex min-h-7 cursor-pointer items-center gap-1.5 rounded py-1 pr-2 text-sm pointer-coarse:min-h-11 pointer-coarse:py-0 text-slate-800 hover:bg-slate-200/70 focus-visible:outline-2 focus-visible:outline-blue-600 aria-selected:bg-blue-50 dark:text-slate-100 dark:hover:bg-slate-800 dark:aria-selected:bg-blue-950/60"
          >
            {item.hasChildren ? (
              <span
                aria-hidden="true"
                onClick={(event) => {
                  event.stopPropagation();
                  setOpen(id, !isOpen);
                }}
                className="inline-flex size-6 shrink-0 items-center justify-center rounded text-slate-600 pointer-coarse:size-11 hover:bg-slate-300/60 dark:text-slate-300 dark:hover:bg-slate-700"
              >
                {isOpen ? '▾' : '▸'}
              </span>
            ) : (
              <span
                aria-hidden="true"
                className="inline-block size-6 shrink-0 pointer-coarse:size-11"
              />
            )}
            <PageLabel page={item.page} />
          </div>
        );
      })}
    </div>
  );
}
