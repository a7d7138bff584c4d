import {
  useCallback,
  useDeferredValue,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useNavigate } from 'react-router';
import { pathOfEntity } from '../../config/paths';
import { formatList } from '../../lib/i18n/formats';
import { useT } from '../../lib/i18n/i18n-react';
import { usePeopleDirectory } from '../../lib/people/people-context';
import {
  MAX_PER_GROUP,
  type PaletteItem,
  type PaletteResultGroup,
  searchPalette,
} from './palette-search';
import { usePaletteSources } from './use-palette-sources';
import { useRecordLookup } from './use-record-lookup';

export { GotoSearchInBackground } from './use-palette-sources';

const NO_ITEMS: readonly PaletteItem[] = [];

/**
 * "Go to": finds a table, skill, task, page or project by name and opens it, searching
 * every item of each list the key may read (walked in the background, ./goto-lists.ts), and
 * a record by its primary field in a table named first ("Orders 858"). A combobox
 * over a listbox (WAI-ARIA 1.2): typing filters, ArrowUp/ArrowDown move the active option
 * (announced through aria-activedescendant), Enter opens it, Escape closes and gives focus
 * back to where it was. A status line says how many matches there are and, while the lists
 * are still loading, how many have been searched to their end.
 */
export function CommandPalette({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const t = useT();
  const people = usePeopleDirectory();
  // Stable while the directory is: Go to prepares the named lists once per directory.
  const nameOfPerson = useCallback((id: string) => people.nameOf(id)?.name ?? null, [people]);
  const { groups, lists } = usePaletteSources(true, { nameOfPerson });
  const [text, setText] = useState('');
  const deferredText = useDeferredValue(text);
  const tables = groups.find((group) => group.kind === 'table')?.items ?? NO_ITEMS;
  const records = useRecordLookup(tables, deferredText);
  const results = useMemo(() => {
    const found = searchPalette(groups, deferredText);
    if (records.items.length === 0) return found;
    const recordGroup: PaletteResultGroup = {
      kind: 'record',
      label: t('shell.palette.group', { kind: 'record' }),
      items: records.items.slice(0, MAX_PER_GROUP),
    };
    return [recordGroup, ...found];
  }, [groups, deferredText, records.items, t]);
  const flat = useMemo(() => results.flatMap((group) => group.items), [results]);
  const [activeIndex, setActiveIndex] = useState(0);
  const inputRef = useRef<HTMLInputElement>(null);
  const listboxId = useId();
  const titleId = useId();
  const optionIdPrefix = useId();

  // A new search starts at its first match.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the search text changes
  useEffect(() => setActiveIndex(0), [deferredText]);

  // A layout effect, so focus is in the box the moment it is drawn: after its code loaded,
  // a passive effect ran a task later, and an Escape pressed in between reached the
  // button that opened it and was lost (the palette stayed open).
  useLayoutEffect(() => {
    const previouslyFocused = document.activeElement;
    inputRef.current?.focus();
    return () => {
      if (previouslyFocused instanceof HTMLElement) previouslyFocused.focus();
    };
  }, []);

  const active = flat[Math.min(activeIndex, flat.length - 1)];
  const optionId = (item: PaletteItem) => `${optionIdPrefix}-${item.ref.kind}-${item.ref.id}`;

  useEffect(() => {
    if (!active) return;
    document.getElementById(optionId(active))?.scrollIntoView?.({ block: 'nearest' });
  });

  const open = (item: PaletteItem) => {
    onClose();
    navigate(pathOfEntity(item.ref));
  };

  const searching = lists.done < lists.total;
  // Several lists the key can't read are one sentence ("… can't read tasks, pages or projects.").
  const unreadable = groups.filter((group) => group.unreadable);
  const unavailable = [
    ...(unreadable.length > 1
      ? [
          t('shell.palette.unreadableLists', {
            lists: formatList(
              unreadable.map((group) => t('shell.list.name', { kind: group.kind })),
              'disjunction',
            ),
          }),
        ]
      : unreadable.map((group) => group.unavailable)),
    ...groups
      .filter((group) => !group.unreadable && group.unavailable !== null)
      .map((group) => group.unavailable),
  ];
  const stopped = groups.flatMap((group) => (group.stopped ? [group.stopped] : []));
  const matches =
    flat.length > 0
      ? t('shell.palette.matches', { count: flat.length })
      : searching || records.searching
        ? ''
        : t('shell.palette.nothing', { text: deferredText.trim() });
  const status = [
    matches,
    searching ? t('shell.palette.progress', { done: lists.done, total: lists.total }) : '',
    ...unavailable,
    ...stopped,
  ]
    .filter((part) => part !== '' && part !== null)
    .join(' ');

  return (
    <div className="fixed inset-0 z-50 flex items-start justify-center bg-slate-900/40 p-4 pt-[12vh]">
      <button
        type="button"
        tabIndex={-1}
        aria-label={t('shell.palette.close')}
        className="absolute inset-0 cursor-default"
        onClick={onClose}
      />
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.preventDefault();
            event.stopPropagation();
            onClose();
          } else if (event.key === 'Tab') {
            // The search box is the dialog's only stop: Tab stays in it.
            event.preventDefault();
          }
        }}
        className="relative flex max-h-[70vh] w-full max-w-xl flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-2xl dark:border-slate-700 dark:bg-slate-900"
      >
        <h2 id={titleId} className="sr-only">
          {t('shell.palette.title')}
        </h2>
        <input
          ref={inputRef}
          type="text"
          role="combobox"
          aria-label={t('shell.palette.label')}
          aria-expanded="true"
          aria-controls={listboxId}
          aria-autocomplete="list"
          aria-activedescendant={active ? optionId(active) : undefined}
          placeholder={t('shell.palette.placeholder')}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'ArrowDown') {
              event.preventDefault();
              setActiveIndex((index) => (flat.length === 0 ? 0 : (index + 1) % flat.length));
            } else if (event.key === 'ArrowUp') {
              event.preventDefault();
              setActiveIndex((index) =>
                flat.length === 0 ? 0 : (index - 1 + flat.length) % flat.length,
              );
            } else if (event.key === 'Home' && event.ctrlKey) {
              event.preventDefault();
              setActiveIndex(0);
            } else if (event.key === 'End' && event.ctrlKey) {
              event.preventDefault();
              setActiveIndex(Math.max(flat.length - 1, 0));
            } else if (event.key === 'Enter') {
              event.preventDefault();
              if (active) open(active);
            }
          }}
          className="w-full border-b border-slate-200 bg-transparent px-4 py-3 text-base outline-none placeholder:text-slate-500 dark:border-slate-700 dark:placeholder:text-slate-400"
        />
        <div
          id={listboxId}
          role="listbox"
          aria-label={t('shell.palette.results')}
          className="overflow-auto py-1"
        >
          {results.map((group) => (
            // biome-ignore lint/a11y/useSemanticElements: a group of options inside a listbox is role=group (a fieldset is a form part)
            <div key={group.kind} role="group" aria-label={group.label}>
              <div
                aria-hidden="true"
                className="px-4 pt-2 pb-1 text-xs font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400"
              >
                {group.label}
              </div>
              {group.items.map((item) => {
                const selected = item === active;
                return (
                  // Options are chosen from the search box (aria-activedescendant); a pointer may click one.
                  // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox handles the keyboard
                  <div
                    key={`${item.ref.kind}:${item.ref.id}`}
                    id={optionId(item)}
                    role="option"
                    aria-selected={selected}
                    tabIndex={-1}
                    onMouseDown={(event) => event.preventDefault()}
                    onClick={() => open(item)}
                    className={`mx-1 flex cursor-pointer items-baseline gap-2 rounded px-3 py-1.5 text-sm ${
                      selected
                        ? 'bg-blue-100 text-blue-950 dark:bg-blue-900/60 dark:text-blue-50'
                        : 'text-slate-800 hover:bg-slate-100 dark:text-slate-100 dark:hover:bg-slate-800'
                    }`}
                  >
                    <span dir="auto" translate="no" className="min-w-0 flex-1 truncate">
                      {item.label}
                    </span>
                    <span className="shrink-0 text-xs text-slate-600 dark:text-slate-400">
                      {t('shell.palette.kind', { kind: item.ref.kind })}
                    </span>
                  </div>
                );
              })}
            </div>
          ))}
        </div>
        <p
          role="status"
          aria-live="polite"
          className="border-t border-slate-200 px-4 py-2 text-xs text-slate-600 dark:border-slate-700 dark:text-slate-400"
        >
          {status}
        </p>
      </div>
    </div>
  );
}
