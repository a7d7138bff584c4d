import { useQueryClient } from '@tanstack/react-query';
import { type KeyboardEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { type FilterCommitMode, FilterError } from '../../../components/data-table/filter-input';
import { useFloatingPanel } from '../../../components/use-floating-panel';
import { queryKeys } from '../../../lib/api/query-keys';
import { type Translate, useT } from '../../../lib/i18n/i18n-react';
import { isRecordId } from '../../../lib/record-label';
import { useRecordLabel } from '../../../lib/use-record-label';
import { formatCount } from '../shared/format-count';
import { type ReferenceOption, resolveTypedText } from './reference-search';
import { type ReferenceSearch, useReferenceSearch } from './use-reference-search';

const inputClass =
  'h-7 w-full min-w-0 rounded pointer-coarse:h-11 border border-slate-300 bg-white px-1.5 text-xs font-normal text-slate-900 placeholder:text-slate-400 focus-visible:outline-2 focus-visible:outline-blue-600 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 aria-invalid:border-red-600 dark:aria-invalid:border-red-400';

/** "customers" from "Customers": the linked table's name inside a sentence. */
function recordsWord(search: ReferenceSearch, t: Translate): string {
  return search.tableName
    ? search.tableName.toLocaleLowerCase()
    : t('records.referenceFilter.recordsWord');
}

/** How far the search read, and what to type to reach records past it ("the exact sku"). */
function scannedNote(search: ReferenceSearch, scanned: number, t: Translate): string {
  const values = { scanned: formatCount(scanned), records: recordsWord(search, t) };
  const name = search.labelColumn?.name;
  if (!name) return t('records.referenceFilter.scannedExactName', values);
  return name.toLocaleLowerCase() === 'name'
    ? t('records.referenceFilter.scannedFullName', values)
    : t('records.referenceFilter.scannedExactColumn', { ...values, column: name });
}

/** The scan the paging guard stopped: the service's list repeated itself or stopped moving. */
function stoppedNote(search: ReferenceSearch, scanned: number, page: number, t: Translate): string {
  const values = { scanned: formatCount(scanned), records: recordsWord(search, t), page };
  const name = search.labelColumn?.name;
  if (!name) return t('records.referenceFilter.stoppedExactName', values);
  return name.toLocaleLowerCase() === 'name'
    ? t('records.referenceFilter.stoppedFullName', values)
    : t('records.referenceFilter.stoppedExactColumn', { ...values, column: name });
}

/** The line under the list: what was searched, and how to find more. */
function searchNote(search: ReferenceSearch, typed: string, t: Translate): string | null {
  const records = recordsWord(search, t);
  if (search.error) {
    return t('records.referenceFilter.keyCannotSearch', { records });
  }
  if (search.scanned === null) return t('records.referenceFilter.searching', { records });
  const parts: string[] = [];
  if (search.options.length === 0 && !search.isSearching) {
    parts.push(
      typed.trim() === ''
        ? t('records.referenceFilter.noneYet', { records })
        : t('records.referenceFilter.noneMatch', { records, typed: typed.trim() }),
    );
  }
  if (search.more > 0) parts.push(t('records.referenceFilter.more', { count: search.more }));
  if (search.scanned.problem) {
    // The paging guard stopped the scan (src/lib/api/walk-pages.ts): say so, not "the first N".
    parts.push(stoppedNote(search, search.scanned.count, search.scanned.problem.pageIndex + 1, t));
  } else if (!search.scanned.complete) {
    parts.push(scannedNote(search, search.scanned.count, t));
  }
  return parts.length > 0 ? parts.join(' ') : null;
}

/**
 * The filter of a REFERENCE column: a combobox that searches the linked table by its
 * primary field and filters by the chosen record's id (the service's filter is equality on
 * the id). Shows the applied record by its name, never by its bare id; a value that is not
 * a record id (from a link) is shown as it is, so it can be read and removed.
 */
export function ReferenceFilter({
  label,
  linkedTableId,
  value,
  error,
  onCommit,
}: {
  /** Column name: the input is labelled "Filter <label>". */
  label: string;
  linkedTableId: string;
  /** The applied value (from the URL); undefined when the column is not filtered. */
  value: string | undefined;
  error: string | null;
  onCommit: (value: string | null, mode: FilterCommitMode) => void;
}) {
  const t = useT();
  const queryClient = useQueryClient();
  /** What the user typed since the input last showed the applied value; null: not editing. */
  const [draft, setDraft] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
  /** Said after Enter on text that names no single record. */
  const [notice, setNotice] = useState<string | null>(null);
  /** Nothing is asked of the linked table until the input is first focused. */
  const [used, setUsed] = useState(false);
  /** Enter was pressed on text while its search was still running: resolve it on the answer. */
  const [enterPending, setEnterPending] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  // Placed against the screen, not the grid: a column near the grid's right edge, or a
  // filter on a 320 px phone, gets its list slid or flipped to stay whole (decision 054).
  const { setReference, setFloating, style: listStyle } = useFloatingPanel({ open });
  const inputElement = useCallback(
    (node: HTMLInputElement | null) => {
      inputRef.current = node;
      setReference(node);
    },
    [setReference],
  );
  const listboxId = useId();
  const errorId = useId();
  const noteId = useId();

  const applied = useRecordLabel(linkedTableId, value ?? null);
  const appliedText = value === undefined ? '' : applied.text;
  const typed = draft ?? '';
  const search = useReferenceSearch(linkedTableId, typed, used);

  // A pasted record id is offered as that record, by its name.
  const pastedId = isRecordId(typed.trim()) ? typed.trim() : null;
  const pasted = useRecordLabel(linkedTableId, pastedId);
  const options: ReferenceOption[] =
    pastedId !== null && !search.options.some((option) => option.id === pastedId)
      ? [
          {
            id: pastedId,
            label: pasted.text,
            detail:
              pasted.status === 'unavailable' ? t('records.referenceFilter.nameUnavailable') : null,
            record: null,
          },
        ]
      : search.options;

  const openList = () => setOpen(true);

  const close = () => {
    setOpen(false);
    setActiveIndex(-1);
    setEnterPending(false);
  };

  const apply = (id: string | null) => {
    close();
    setDraft(null);
    setNotice(null);
    if ((id ?? undefined) !== value) onCommit(id, { replace: false });
  };

  const choose = (option: ReferenceOption) => {
    // The grid and the summary name the record at once, without asking for it again.
    if (option.record) {
      queryClient.setQueryData(queryKeys.record(linkedTableId, option.id), option.record);
    }
    apply(option.id);
  };

  const resolveTyped = () => {
    const outcome = resolveTypedText(typed, options);
    if (outcome.kind === 'clear') apply(null);
    else if (outcome.kind === 'id') {
      const option = options.find((candidate) => candidate.id === outcome.id);
      if (option) choose(option);
      else apply(outcome.id);
    } else {
      openList();
      setNotice(
        outcome.kind === 'none'
          ? t('records.referenceFilter.noneNamed', {
              records: recordsWord(search, t),
              typed: typed.trim(),
            })
          : t('records.referenceFilter.several', {
              number: formatCount(outcome.count),
              records: recordsWord(search, t),
              typed: typed.trim(),
            }),
      );
    }
  };

  // Enter pressed while the search was running is answered when the search is.
  // biome-ignore lint/correctness/useExhaustiveDependencies: resolves once per pending Enter, with the options of that moment
  useEffect(() => {
    if (enterPending && !search.isSearching && search.scanned !== null) {
      setEnterPending(false);
      resolveTyped();
    }
  }, [enterPending, search.isSearching, search.scanned]);

  const move = (step: 1 | -1) => {
    if (!open) {
      openList();
      return;
    }
    if (options.length === 0) return;
    setActiveIndex((index) => {
      if (index < 0) return step === 1 ? 0 : options.length - 1;
      return (index + step + options.length) % options.length;
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      move(event.key === 'ArrowDown' ? 1 : -1);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const active = open && activeIndex >= 0 ? options[activeIndex] : undefined;
      if (active) choose(active);
      else if (draft === null) setOpen(false);
      else if (search.isSearching && !isRecordId(typed.trim()) && typed.trim() !== '') {
        openList();
        setEnterPending(true);
      } else resolveTyped();
    } else if (event.key === 'Escape') {
      if (open || draft !== null) {
        // The list's Escape and no one else's: not the grid header's, and not the sort and
        // filter sheet's (a modal dialog closes on an Escape nobody prevented).
        event.stopPropagation();
        event.preventDefault();
        close();
        setDraft(null);
        setNotice(null);
      } else if (value !== undefined) {
        event.stopPropagation();
        apply(null);
      }
    }
  };

  useEffect(() => {
    if (activeIndex < 0) return;
    document.getElementById(`${listboxId}-${activeIndex}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [activeIndex, listboxId]);

  const note = open ? (notice ?? searchNote(search, typed, t)) : null;
  const describedBy = [error ? errorId : null, note ? noteId : null].filter(Boolean).join(' ');
  const shownText = draft ?? appliedText;
  const activeOption = open && activeIndex >= 0 ? options[activeIndex] : undefined;

  return (
    <div className="min-w-0">
      <div className="relative">
        <input
          ref={inputElement}
          type="text"
          role="combobox"
          aria-label={t('common.table.filter.label', { column: label })}
          aria-expanded={open}
          aria-controls={listboxId}
          aria-autocomplete="list"
          aria-activedescendant={activeOption ? `${listboxId}-${activeIndex}` : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          aria-busy={value !== undefined && applied.status === 'loading' ? true : undefined}
          autoComplete="off"
          spellCheck={false}
          placeholder={t('records.referenceFilter.placeholder')}
          value={shownText}
          title={
            value !== undefined && applied.status === 'unavailable' ? applied.reason : undefined
          }
          onFocus={() => setUsed(true)}
          onChange={(event) => {
            setDraft(event.target.value);
            openList();
            setActiveIndex(-1);
            setNotice(null);
            setEnterPending(false);
          }}
          onKeyDown={onKeyDown}
          // The typed text is a search, not a filter: leaving shows the applied filter again.
          onBlur={() => {
            close();
            setDraft(null);
            setNotice(null);
          }}
          className={`${inputClass} ${shownText !== '' ? 'pr-6 pointer-coarse:pr-11' : ''}`}
        />
        {shownText !== '' ? (
          <button
            type="button"
            aria-label={t('common.table.filter.clearColumn', { column: label })}
            title={t('common.table.filter.clear')}
            onClick={() => {
              apply(null);
              inputRef.current?.focus();
            }}
            className="absolute top-0.5 right-0.5 flex size-6 items-center pointer-coarse:top-0 pointer-coarse:right-0 pointer-coarse:size-11 justify-center rounded text-slate-500 hover:bg-slate-200 hover:text-slate-900 dark:hover:bg-slate-700 dark:hover:text-slate-100"
          >
            <span aria-hidden="true">×</span>
          </button>
        ) : null}
        <div
          hidden={!open}
          // Placed only while open: a closed list costs no scroll or resize listeners.
          ref={open ? setFloating : null}
          style={listStyle}
          // A column: when the screen's room (size middleware) is less than the list, the
          // options scroll and the note under them stays in view.
          className="z-20 flex w-72 flex-col overflow-hidden rounded border border-slate-300 bg-white text-xs font-normal text-slate-900 shadow-lg dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
        >
          <div
            id={listboxId}
            role="listbox"
            aria-label={search.tableName ?? t('records.referenceFilter.listLabel')}
            className="max-h-60 min-h-0 overflow-y-auto py-0.5 empty:hidden"
          >
            {open
              ? options.map((option, index) => (
                  // Options are chosen from the input (aria-activedescendant); a pointer may click one.
                  // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox handles the keyboard
                  <div
                    key={option.id}
                    id={`${listboxId}-${index}`}
                    role="option"
                    aria-selected={index === activeIndex}
                    tabIndex={-1}
                    // Keeps focus (and the typed text) in the input while the click lands.
                    onMouseDown={(event) => event.preventDefault()}
                    onMouseMove={() => setActiveIndex(index)}
                    onClick={() => choose(option)}
                    className={`cursor-pointer px-2 py-1 pointer-coarse:flex pointer-coarse:min-h-11 pointer-coarse:flex-col pointer-coarse:justify-center ${
                      index === activeIndex
                        ? 'bg-blue-600 text-white'
                        : 'hover:bg-slate-100 dark:hover:bg-slate-800'
                    }`}
                  >
                    <span className="flex items-baseline gap-1">
                      <span dir="auto" translate="no" className="min-w-0 flex-1 truncate">
                        {option.label}
                      </span>
                      {option.id === value ? (
                        <span className="sr-only">{t('records.referenceFilter.applied')}</span>
                      ) : null}
                      {option.id === value ? <span aria-hidden="true">✓</span> : null}
                    </span>
                    {option.detail ? (
                      // Two records share the label: the second line tells this one apart.
                      <span
                        dir="auto"
                        translate="no"
                        className={`block truncate text-xs ${index === activeIndex ? 'text-blue-100' : 'text-slate-600 dark:text-slate-400'}`}
                      >
                        {option.detail}
                      </span>
                    ) : null}
                  </div>
                ))
              : null}
          </div>
          {note ? (
            <p
              id={noteId}
              className="shrink-0 border-t border-slate-200 px-2 py-1 whitespace-normal text-slate-600 first:border-t-0 dark:border-slate-700 dark:text-slate-300"
            >
              {note}
            </p>
          ) : null}
        </div>
        <div aria-live="polite" className="sr-only">
          {open && !search.isSearching && search.scanned !== null
            ? (notice ??
              (search.more > 0
                ? t('records.referenceFilter.foundMore', {
                    number: formatCount(options.length),
                    records: recordsWord(search, t),
                    more: formatCount(search.more),
                  })
                : t('records.referenceFilter.found', {
                    number: formatCount(options.length),
                    records: recordsWord(search, t),
                  })))
            : ''}
        </div>
      </div>
      <FilterError id={errorId} error={error} />
    </div>
  );
}
