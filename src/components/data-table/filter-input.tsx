import { type ReactNode, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useT } from '../../lib/i18n/i18n-react';
import { lazyWithRetry } from '../../lib/lazy-with-retry';

export const FILTER_DEBOUNCE_MS = 300;

// The date field (react-aria) loads with the first date column's filter, not with the grid.
// Asked again if its fetch fails: a missing chunk would take the whole grid to its error screen.
const LazyDateFilterField = lazyWithRetry(() => import('../date-field/date-filter-field'));

/** After the clear button: focus back in the date field, on its first part. */
function focusFirstPart(container: HTMLElement | null) {
  requestAnimationFrame(() =>
    container?.querySelector<HTMLElement>('[role="spinbutton"]')?.focus(),
  );
}

export type FilterKind = 'text' | 'number' | 'date' | 'boolean' | 'choice' | 'none';

export interface FilterChoice {
  value: string;
  label: string;
}

export interface FilterCommitMode {
  /** True for every commit after the first while the input keeps focus: one history entry per edit. */
  replace: boolean;
}

export interface FilterInputProps {
  /** Column name: the input is labelled "Filter <label>". */
  label: string;
  kind: FilterKind;
  /** The applied value (from the URL); undefined when the column is not filtered. */
  value: string | undefined;
  onCommit: (value: string | null, mode: FilterCommitMode) => void;
  choices?: readonly FilterChoice[];
  /** The service's message when it rejected this filter. */
  error?: string | null;
  /** Why the column can't be filtered (kind `none`). */
  disabledReason?: string | null;
  /** What the filter does, shown in an empty text input ("equals…"); defaults to "equals…". */
  placeholder?: string;
  /** The empty choice of a `choice` or `boolean` list ("any", "contains any tag"). */
  anyLabel?: string;
}

const inputClass =
  'h-7 w-full min-w-0 rounded pointer-coarse:h-11 border border-slate-300 bg-white px-1.5 text-xs font-normal text-slate-900 placeholder:text-slate-400 focus-visible:outline-2 focus-visible:outline-blue-600 disabled:cursor-not-allowed disabled:bg-slate-100 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:disabled:bg-slate-800 aria-invalid:border-red-600 dark:aria-invalid:border-red-400';

/**
 * A column filter that keeps what the user typed: the draft lives here, the URL gets it
 * after a pause (or at once on Enter), and a value arriving from the URL (back/forward,
 * a shared link) replaces the draft only when it differs from what this input sent.
 */
export function FilterInput({
  label,
  kind,
  value,
  onCommit,
  choices = [],
  error,
  disabledReason,
  placeholder,
  anyLabel,
}: FilterInputProps) {
  const t = useT();
  const [draft, setDraft] = useState(value ?? '');
  const lastSent = useRef<string | null>(value ?? null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const committedThisFocus = useRef(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const controlRef = useRef<HTMLDivElement>(null);
  const [fieldGeneration, setFieldGeneration] = useState(0);
  // The newest draft for a key handler that ran before the render that shows it.
  const draftRef = useRef(draft);
  draftRef.current = draft;
  const errorId = useId();
  const reasonId = useId();

  useEffect(() => {
    const incoming = value ?? null;
    if (incoming !== lastSent.current) {
      lastSent.current = incoming;
      setDraft(incoming ?? '');
    }
  }, [value]);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const commit = (text: string, options?: { push?: boolean }) => {
    if (timer.current) {
      clearTimeout(timer.current);
      timer.current = null;
    }
    const next = text === '' ? null : text;
    if (next === lastSent.current) return;
    lastSent.current = next;
    onCommit(next, { replace: committedThisFocus.current && !options?.push });
    committedThisFocus.current = true;
  };

  const schedule = (text: string) => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => commit(text), FILTER_DEBOUNCE_MS);
  };

  const accessibleName = t('common.table.filter.label', { column: label });
  const describedBy = [error ? errorId : null, disabledReason ? reasonId : null]
    .filter(Boolean)
    .join(' ');
  const common = {
    'aria-label': accessibleName,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
    onFocus: () => {
      committedThisFocus.current = false;
    },
  } as const;

  let control: ReactNode;
  if (kind === 'none') {
    control = (
      <span title={disabledReason ?? undefined} className="block">
        <input
          {...common}
          disabled
          placeholder={t('common.table.filter.notFilterable')}
          className={inputClass}
        />
        <span id={reasonId} className="sr-only">
          {disabledReason}
        </span>
      </span>
    );
  } else if (kind === 'boolean' || kind === 'choice') {
    const listed =
      kind === 'boolean'
        ? [
            { value: 'true', label: t('common.value.yes') },
            { value: 'false', label: t('common.value.no') },
          ]
        : choices;
    // A value from a link that is not among the options stays visible (and removable).
    const options =
      draft !== '' && !listed.some((choice) => choice.value === draft)
        ? [
            ...listed,
            { value: draft, label: t('common.table.filter.notAnOption', { value: draft }) },
          ]
        : listed;
    control = (
      <select
        {...common}
        value={draft}
        onChange={(event) => {
          setDraft(event.target.value);
          commit(event.target.value, { push: true });
        }}
        className={inputClass}
      >
        <option value="">{anyLabel ?? t('common.table.filter.any')}</option>
        {options.map((choice) => (
          <option
            key={choice.value}
            value={choice.value}
            // A column's own options are workspace data; yes/no and notes are messages.
            translate={kind === 'choice' && choices.includes(choice) ? 'no' : undefined}
          >
            {choice.label}
          </option>
        ))}
      </select>
    );
  } else if (kind === 'date') {
    control = (
      <Suspense fallback={<span aria-hidden="true" className={`block ${inputClass}`} />}>
        <LazyDateFilterField
          // A cleared filter starts the field afresh, parts half typed included.
          key={fieldGeneration}
          label={accessibleName}
          calendarLabel={t('common.table.filter.calendar', { column: label })}
          text={draft}
          invalid={Boolean(error)}
          describedBy={describedBy || undefined}
          onFocus={common.onFocus}
          onDay={(text) => {
            setDraft(text);
            // Typing a year makes a whole day at each digit (0002, 0020, …): sent after a
            // pause, as typed text is; Enter sends it at once.
            schedule(text);
          }}
          onPick={(text) => {
            setDraft(text);
            commit(text, { push: true });
          }}
          onEnter={() => commit(draftRef.current)}
          onEscape={() => {
            if (draft === '') return false;
            setDraft('');
            commit('');
            setFieldGeneration((generation) => generation + 1);
            return true;
          }}
          className={`${inputClass} ${draft !== '' ? 'pr-6 pointer-coarse:pr-11' : ''}`}
        />
      </Suspense>
    );
  } else {
    control = (
      <input
        {...common}
        ref={inputRef}
        type={kind === 'number' ? 'number' : 'text'}
        step={kind === 'number' ? 'any' : undefined}
        inputMode={kind === 'number' ? 'decimal' : undefined}
        value={draft}
        placeholder={placeholder ?? t('common.table.filter.equals')}
        onChange={(event) => {
          setDraft(event.target.value);
          schedule(event.target.value);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            // The element's value, not the draft: a number input shows '' for text it can't hold.
            commit(event.currentTarget.value);
          } else if (event.key === 'Escape' && draft !== '') {
            // This Escape is the filter's: not the sheet's or a dialog's close request too
            // (a modal <dialog> closes on an Escape whose default is not prevented).
            event.preventDefault();
            event.stopPropagation();
            setDraft('');
            commit('');
          }
        }}
        className={`${inputClass} ${draft !== '' ? 'pr-6 pointer-coarse:pr-11' : ''}`}
      />
    );
  }

  const showClear = kind !== 'none' && kind !== 'boolean' && kind !== 'choice' && draft !== '';
  return (
    <div className="min-w-0">
      <div ref={controlRef} className="relative">
        {control}
        {showClear ? (
          <button
            type="button"
            aria-label={t('common.table.filter.clearColumn', { column: label })}
            title={t('common.table.filter.clear')}
            onClick={() => {
              setDraft('');
              commit('', { push: true });
              if (kind === 'date') {
                setFieldGeneration((generation) => generation + 1);
                focusFirstPart(controlRef.current);
              } else inputRef.current?.focus();
            }}
            className="absolute top-0.5 right-0.5 flex size-6 items-center pointer-coarse:top-0 pointer-coarse:right-0 pointer-coarse:size-11 justify-center rounded text-slate-500 hover:bg-slate-200 hover:text-slate-900 dark:hover:bg-slate-700 dark:hover:text-slate-100"
          >
            <span aria-hidden="true">×</span>
          </button>
        ) : null}
      </div>
      <FilterError id={errorId} error={error} />
    </div>
  );
}

/** Why a filter's value was refused, under its box: every filter control shows it the same way. */
export function FilterError({ id, error }: { id: string; error: string | null | undefined }) {
  if (!error) return null;
  return (
    <p
      id={id}
      role="alert"
      title={error}
      className="mt-0.5 truncate text-xs font-normal text-red-700 dark:text-red-400"
    >
      {error}
    </p>
  );
}
