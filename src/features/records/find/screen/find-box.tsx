import { type Ref, startTransition, useEffect, useId, useRef, useState } from 'react';
import { useT } from '../../../../lib/i18n/i18n-react';

const INPUT_CLASS =
  'h-8 w-full min-w-0 rounded border border-slate-300 bg-white pr-8 pl-2 text-sm placeholder:text-slate-500 focus-visible:outline-2 focus-visible:outline-blue-600 pointer-coarse:h-11 dark:border-slate-700 dark:bg-slate-900 dark:placeholder:text-slate-400';
const CLEAR_CLASS =
  'absolute inset-y-0 right-0 inline-flex w-8 items-center justify-center rounded text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-blue-600 pointer-coarse:w-11 dark:text-slate-300 dark:hover:text-white';

/**
 * The find box of a table: what is typed finds every record of the view that holds it
 * (use-find.ts). Escape clears it, and a second Escape goes back to the records.
 *
 * The box shows each keystroke at once from its own state, and hands the text on in a
 * transition: the records screen it changes (its list, its status) is drawn in slices
 * that let the page answer meanwhile, not in one long task per keystroke.
 */
export function FindBox({
  value,
  onChange,
  onLeave,
  onPrepare,
  inputRef,
  className = 'w-56',
}: {
  value: string;
  onChange: (text: string) => void;
  /** Escape in an empty box: focus goes back to the records. */
  onLeave?: () => void;
  /** A find is likely (focused, Ctrl+F, pointed at): its code and worker are made ready. */
  onPrepare?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  className?: string;
}) {
  const t = useT();
  const id = useId();
  const [shown, setShown] = useState(value);
  /** What the box handed on and `value` has not come back with yet, oldest first. */
  const handedOn = useRef<string[]>([]);
  useEffect(() => {
    const ours = handedOn.current.indexOf(value);
    if (ours >= 0) {
      handedOn.current.splice(0, ours + 1);
      return;
    }
    // A change from elsewhere (the address, a view chosen): the box takes it.
    handedOn.current = [];
    setShown(value);
  }, [value]);
  const change = (text: string) => {
    setShown(text);
    handedOn.current.push(text);
    startTransition(() => onChange(text));
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is unknown to Safari before 17 and to jsdom (no landmark there, a React warning here); role="search" is the same landmark everywhere.
    <div role="search" className={`relative ${className}`}>
      <label htmlFor={id} className="sr-only">
        {t('records.find.label')}
      </label>
      <input
        ref={inputRef}
        id={id}
        type="text"
        inputMode="search"
        enterKeyHint="search"
        autoComplete="off"
        spellCheck={false}
        // The grid's own shortcut (use-find-shortcut.ts); outside the grid Ctrl+F is the browser's.
        aria-keyshortcuts="Control+F Meta+F"
        placeholder={t('records.find.placeholder')}
        value={shown}
        onChange={(event) => change(event.target.value)}
        onFocus={onPrepare}
        onPointerEnter={onPrepare}
        onKeyDown={(event) => {
          if (event.key !== 'Escape') return;
          event.preventDefault();
          if (shown !== '') change('');
          else onLeave?.();
        }}
        className={INPUT_CLASS}
      />
      {shown !== '' ? (
        <button
          type="button"
          onClick={() => change('')}
          aria-label={t('records.find.clear')}
          className={CLEAR_CLASS}
        >
          <span aria-hidden="true">×</span>
        </button>
      ) : null}
    </div>
  );
}
