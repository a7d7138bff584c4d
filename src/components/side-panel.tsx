import { type KeyboardEvent, type ReactNode, type Ref, useId } from 'react';

/**
 * The frame every panel beside the grid shares (a record, a column summary): a dialog
 * named by its heading, closed by its × button or Escape, so each panel only says what
 * is in it. Escape stops here: it closes the panel, not whatever holds it.
 */
export function SidePanel({
  kind,
  title,
  subtitle,
  closeLabel,
  onClose,
  onKeyDown,
  closeRef,
  panelRef,
  width = 'md',
  children,
}: {
  /** The small line above the title: what this panel is ("Record", "Column summary"). */
  kind?: string;
  title: ReactNode;
  /** A line under the title, e.g. a record's id when its title is a field's value. */
  subtitle?: ReactNode;
  /** The close button's accessible name: "Close record". */
  closeLabel: string;
  onClose: () => void;
  /** Keys the panel handles besides Escape (Alt+↑/↓ in the record panel). */
  onKeyDown?: (event: KeyboardEvent<HTMLElement>) => void;
  closeRef?: Ref<HTMLButtonElement>;
  panelRef?: Ref<HTMLElement>;
  width?: 'sm' | 'md';
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <aside
      ref={panelRef}
      role="dialog"
      aria-labelledby={titleId}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          onClose();
        } else {
          onKeyDown?.(event);
        }
      }}
      className={`flex h-full w-full ${width === 'sm' ? 'max-w-sm' : 'max-w-md'} shrink-0 flex-col border-l border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-950`}
    >
      <div className="flex items-start gap-2 border-b border-slate-200 p-3 dark:border-slate-800">
        <div className="min-w-0 flex-1">
          {kind ? <p className="text-xs text-slate-500 dark:text-slate-400">{kind}</p> : null}
          <h2 id={titleId} dir="auto" className="font-semibold break-words">
            {title}
          </h2>
          {subtitle}
        </div>
        <button
          ref={closeRef}
          type="button"
          onClick={onClose}
          aria-label={closeLabel}
          className="rounded px-2 py-1 text-sm hover:bg-slate-100 dark:hover:bg-slate-800"
        >
          <span aria-hidden="true">×</span>
        </button>
      </div>
      {children}
    </aside>
  );
}
