import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { UNDO_SECONDS } from '../../../components/undo-toast';
import { usePopoverDismissal } from '../../../components/use-popover-dismissal';
import { paths } from '../../../config/paths';
import type { RecordQuery } from '../../../lib/api/types';
import { type Translate, useT } from '../../../lib/i18n/i18n-react';
import { CODE_SLOT } from '../grid/records-states';
import { toolbarButton } from '../grid/toolbar-button';
import { writeClipboard } from '../panel/clipboard-text';
import type { YourViews } from './use-your-views';
import {
  type ImportProblem,
  MAX_NAME_LENGTH,
  MAX_VIEWS_FILE_BYTES,
  nameProblemOf,
  parseViewsFile,
  type SharedLayout,
  sharedSearchOf,
  viewsFileOf,
  type YourView,
} from './your-views';

/** What is on screen now: what "Save view as…" and "Save changes" keep. */
export interface CurrentView {
  query: RecordQuery;
  /** Visible columns, in order. */
  columns: string[];
  widths: Record<string, number>;
}

/** A message holding a name the person typed: the name stays data (translate="no"). */
export function MessageWithName({ message, name }: { message: string; name: string }) {
  const [before, after = ''] = message.split(CODE_SLOT);
  return (
    <>
      {before}
      <span translate="no" dir="auto">
        {name}
      </span>
      {after}
    </>
  );
}

function importProblemText(problem: ImportProblem | { kind: 'too-big' }, t: Translate): string {
  switch (problem.kind) {
    case 'not-json':
      return t('records.yours.importNotJson');
    case 'not-views-file':
      return t('records.yours.importNotViews');
    case 'newer-version':
      return t('records.yours.importNewer', { version: problem.version });
    case 'too-many':
      return t('records.yours.importTooMany', { max: problem.max });
    case 'bad-view':
      return t('records.yours.importBadView', { position: problem.position, field: problem.field });
    case 'too-big':
      return t('records.yours.importTooBig');
  }
}

/** The address that opens `search` on this table, for anyone with access (never the key). */
export function viewLinkOf(tableId: string, search: string): string {
  const { origin, pathname } = window.location;
  return `${origin}${pathname}#${paths.table(tableId)}?${search}`;
}

type Form = { kind: 'save-as' } | { kind: 'rename'; view: YourView };
type Note =
  | { kind: 'saved' | 'updated' | 'renamed'; name: string }
  | { kind: 'imported'; count: number }
  | { kind: 'import-failed'; text: string }
  | { kind: 'link'; url: string; copied: boolean }
  | null;

/**
 * "Your views": Save view as…, and for the chosen view of one's own, Save changes, Rename,
 * Copy link and Delete (with Undo); Export and Import of every view of the workspace.
 */
export function YourViewsMenu({
  tableId,
  yours,
  chosen,
  current,
  onChosen,
  onDeleted,
}: {
  tableId: string;
  yours: YourViews;
  /** The chosen view when it is one's own. */
  chosen: YourView | null;
  current: () => CurrentView;
  /** A view was saved (or renamed): it becomes the chosen one. */
  onChosen: (view: YourView) => void;
  onDeleted: (view: YourView) => void;
}) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState<Form | null>(null);
  const [note, setNote] = useState<Note>(null);
  const [removed, setRemoved] = useState<YourView | null>(null);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const close = useCallback(() => {
    setOpen(false);
    setForm(null);
  }, []);
  usePopoverDismissal({ open, onClose: close, rootRef, openerRef: buttonRef });

  const item =
    'block w-full rounded px-2 py-1.5 text-left text-sm hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-blue-600 dark:hover:bg-slate-800';

  function saveAs(name: string) {
    const now = current();
    const saved = yours.save({
      name,
      sort: now.query.sort,
      filters: now.query.filters,
      columns: now.columns,
      widths: now.widths,
    });
    onChosen(saved);
    setNote({ kind: 'saved', name });
    close();
  }

  function update(view: YourView) {
    const now = current();
    yours.update(view.id, {
      sort: now.query.sort,
      filters: now.query.filters,
      columns: now.columns,
      widths: now.widths,
    });
    setNote({ kind: 'updated', name: view.name });
    close();
  }

  function remove(view: YourView) {
    const gone = yours.remove(view.id);
    if (gone) {
      setRemoved(gone);
      onDeleted(gone);
    }
    setNote(null);
    close();
  }

  async function copyLink(view: YourView) {
    const url = viewLinkOf(
      tableId,
      sharedSearchOf({
        name: view.name,
        query: { sort: view.sort, filters: view.filters },
        columns: view.columns,
        widths: view.widths,
      }),
    );
    setNote({ kind: 'link', url, copied: await writeClipboard(url) });
  }

  function exportViews() {
    const blob = new Blob([viewsFileOf(yours.all)], { type: 'application/json' });
    const href = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = href;
    link.download = 'workspace-views.json';
    link.click();
    setTimeout(() => URL.revokeObjectURL(href), 10_000);
    close();
  }

  async function importFile(file: File) {
    if (file.size > MAX_VIEWS_FILE_BYTES) {
      setNote({ kind: 'import-failed', text: importProblemText({ kind: 'too-big' }, t) });
      return;
    }
    const result = parseViewsFile(await file.text());
    if (!result.ok) {
      setNote({ kind: 'import-failed', text: importProblemText(result.problem, t) });
      return;
    }
    yours.importViews(result.views);
    setNote({ kind: 'imported', count: result.views.length });
  }

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => (open ? close() : setOpen(true))}
        aria-label={t('records.yours.menu')}
        title={t('records.yours.menu')}
        className="inline-flex h-8 w-8 items-center justify-center rounded-r border border-l-0 border-slate-300 bg-white hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-blue-600 dark:border-slate-700 dark:bg-slate-900 dark:hover:bg-slate-800"
      >
        {/* A bookmark: the toolbar keeps its width (a text button made it wrap). */}
        <svg aria-hidden="true" viewBox="0 0 16 16" className="h-4 w-4 fill-none stroke-current">
          <path d="M4 2.5h8v11l-4-3-4 3z" strokeWidth="1.5" strokeLinejoin="round" />
        </svg>
      </button>
      {open ? (
        <div
          id={panelId}
          className="absolute right-0 z-20 mt-1 w-72 rounded border border-slate-200 bg-white p-2 shadow-lg dark:border-slate-700 dark:bg-slate-900"
        >
          {form ? (
            <NameForm
              key={form.kind === 'rename' ? form.view.id : 'new'}
              initial={form.kind === 'rename' ? form.view.name : ''}
              submitLabel={
                form.kind === 'rename' ? t('records.yours.renameSave') : t('records.yours.save')
              }
              problemOf={(name) =>
                nameProblemOf(
                  name,
                  yours.views,
                  tableId,
                  form.kind === 'rename' ? form.view.id : null,
                )
              }
              onCancel={() => setForm(null)}
              onSubmit={(name) => {
                if (form.kind === 'save-as') {
                  saveAs(name);
                  return;
                }
                yours.update(form.view.id, { name });
                setNote({ kind: 'renamed', name });
                close();
              }}
            />
          ) : (
            <ul className="space-y-0.5">
              <li>
                <button type="button" className={item} onClick={() => setForm({ kind: 'save-as' })}>
                  {t('records.yours.saveAs')}
                </button>
              </li>
              {chosen ? (
                <>
                  {/* Always offered: widths and hidden columns change it too. */}
                  <li>
                    <button type="button" className={item} onClick={() => update(chosen)}>
                      <MessageWithName
                        message={t('records.yours.update', { name: CODE_SLOT })}
                        name={chosen.name}
                      />
                    </button>
                  </li>
                  <li>
                    <button
                      type="button"
                      className={item}
                      onClick={() => setForm({ kind: 'rename', view: chosen })}
                    >
                      {t('records.yours.rename')}
                    </button>
                  </li>
                  <li>
                    <button type="button" className={item} onClick={() => void copyLink(chosen)}>
                      {t('records.yours.copyLink')}
                    </button>
                  </li>
                  <li>
                    <button type="button" className={item} onClick={() => remove(chosen)}>
                      {t('records.yours.delete')}
                    </button>
                  </li>
                </>
              ) : null}
              <li className="mt-1 border-t border-slate-200 pt-1 dark:border-slate-700">
                <button
                  type="button"
                  className={item}
                  disabled={yours.all.length === 0}
                  onClick={exportViews}
                >
                  {t('records.yours.export')}
                </button>
              </li>
              <li>
                <button type="button" className={item} onClick={() => fileRef.current?.click()}>
                  {t('records.yours.import')}
                </button>
                <input
                  ref={fileRef}
                  type="file"
                  accept="application/json,.json"
                  aria-label={t('records.yours.importFile')}
                  className="sr-only"
                  tabIndex={-1}
                  onChange={(event) => {
                    const file = event.target.files?.[0];
                    event.target.value = '';
                    if (file) void importFile(file);
                  }}
                />
              </li>
              <li className="px-2 pt-1 text-xs text-slate-600 dark:text-slate-400">
                {yours.keptOnDevice
                  ? t('records.yours.keptOnDevice')
                  : t('records.yours.keptInTab')}
              </li>
            </ul>
          )}
          <NoteLine note={note} />
        </div>
      ) : null}
      {/* Outside the menu: announced after it closes too. A live region without the status
          role: the grid's status line stays the records screen's first status. */}
      <p aria-live="polite" className="sr-only">
        {!open && note && note.kind !== 'link' ? <NoteText note={note} /> : null}
      </p>
      <DeletedOffer
        view={removed}
        onUndo={(view) => {
          yours.restore(view);
          setRemoved(null);
          onChosen(view);
        }}
        onDismiss={() => setRemoved(null)}
      />
    </div>
  );
}

function NoteText({ note }: { note: NonNullable<Note> }) {
  const t = useT();
  switch (note.kind) {
    case 'saved':
    case 'updated':
    case 'renamed':
      return (
        <MessageWithName
          message={t(`records.yours.${note.kind}`, { name: CODE_SLOT })}
          name={note.name}
        />
      );
    case 'imported':
      return <>{t('records.yours.imported', { count: note.count })}</>;
    case 'import-failed':
      return <>{note.text}</>;
    case 'link':
      return <>{note.copied ? t('records.yours.linkCopied') : t('records.yours.linkNotCopied')}</>;
  }
}

function NoteLine({ note }: { note: Note }) {
  const t = useT();
  const linkId = useId();
  if (note === null) return null;
  return (
    <div className="mt-2 border-t border-slate-200 pt-2 text-sm dark:border-slate-700">
      <p role={note.kind === 'import-failed' ? 'alert' : 'status'}>
        <NoteText note={note} />
      </p>
      {note.kind === 'link' ? (
        <>
          <label htmlFor={linkId} className="mt-1 block text-xs">
            {t('records.yours.linkLabel')}
          </label>
          <input
            id={linkId}
            readOnly
            translate="no"
            value={note.url}
            onFocus={(event) => event.target.select()}
            className="mt-1 h-8 w-full rounded border border-slate-300 px-2 text-xs dark:border-slate-700 dark:bg-slate-900"
          />
        </>
      ) : null}
    </div>
  );
}

function NameForm({
  initial,
  submitLabel,
  problemOf,
  onSubmit,
  onCancel,
}: {
  initial: string;
  submitLabel: string;
  problemOf: (name: string) => 'empty' | 'too-long' | 'taken' | null;
  onSubmit: (name: string) => void;
  onCancel: () => void;
}) {
  const t = useT();
  const inputId = useId();
  const errorId = useId();
  const [name, setName] = useState(initial);
  const [problem, setProblem] = useState<ReturnType<typeof problemOf>>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = problemOf(name);
    setProblem(found);
    if (found === null) onSubmit(name.trim());
  };
  const problemText =
    problem === 'empty'
      ? t('records.yours.nameEmpty')
      : problem === 'too-long'
        ? t('records.yours.nameTooLong', { max: MAX_NAME_LENGTH })
        : problem === 'taken'
          ? t('records.yours.nameTaken')
          : null;
  return (
    <form onSubmit={submit} className="space-y-2">
      <label htmlFor={inputId} className="block text-sm font-medium">
        {t('records.yours.nameLabel')}
      </label>
      <input
        id={inputId}
        // biome-ignore lint/a11y/noAutofocus: the form opens from the menu to be typed into
        autoFocus
        translate="no"
        dir="auto"
        value={name}
        maxLength={MAX_NAME_LENGTH + 20}
        aria-invalid={problem !== null}
        aria-describedby={problem ? errorId : undefined}
        onChange={(event) => setName(event.target.value)}
        className="h-8 w-full rounded border border-slate-300 px-2 text-sm dark:border-slate-700 dark:bg-slate-900"
      />
      {problemText ? (
        <p id={errorId} role="alert" className="text-sm text-red-700 dark:text-red-300">
          {problemText}
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        <button type="button" onClick={onCancel} className={toolbarButton}>
          {t('records.yours.cancel')}
        </button>
        <button type="submit" className={toolbarButton}>
          {submitLabel}
        </button>
      </div>
    </form>
  );
}

/** "“Paid” deleted. Undo", for UNDO_SECONDS, as Forget offers its own back. */
function DeletedOffer({
  view,
  onUndo,
  onDismiss,
}: {
  view: YourView | null;
  onUndo: (view: YourView) => void;
  onDismiss: () => void;
}) {
  const t = useT();
  const [held, setHeld] = useState(false);
  const undoRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (view === null || held) return;
    const timer = setTimeout(onDismiss, UNDO_SECONDS * 1000);
    return () => clearTimeout(timer);
  }, [view, held, onDismiss]);
  const viewId = view?.id ?? null;
  useEffect(() => {
    setHeld(false);
    if (viewId !== null) undoRef.current?.focus();
  }, [viewId]);
  return (
    <section
      aria-label={t('records.yours.deletedRegion')}
      onPointerEnter={() => setHeld(true)}
      onPointerLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onDismiss();
      }}
      className={
        view === null
          ? 'sr-only'
          : 'fixed bottom-4 left-1/2 z-50 flex w-max max-w-[calc(100vw-2rem)] -translate-x-1/2 items-center gap-3 rounded-md border border-slate-700 bg-slate-900 px-4 py-2 text-sm text-white shadow-lg dark:border-slate-300 dark:bg-white dark:text-slate-900'
      }
    >
      <p aria-live="polite" className="min-w-0">
        {view ? (
          <MessageWithName
            message={t('records.yours.deleted', { name: CODE_SLOT })}
            name={view.name}
          />
        ) : null}
      </p>
      {view ? (
        <>
          <button
            ref={undoRef}
            type="button"
            onClick={() => onUndo(view)}
            className="shrink-0 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-100"
          >
            {t('records.yours.undo')}
          </button>
          <button
            type="button"
            aria-label={t('records.yours.dismiss')}
            onClick={onDismiss}
            className="shrink-0 rounded-md px-2 py-1.5 hover:bg-slate-700 dark:hover:bg-slate-200"
          >
            <span aria-hidden="true">×</span>
          </button>
        </>
      ) : null}
    </section>
  );
}

/** The offer a shared link makes: save the view it carries among one's own. */
export function SharedViewOffer({
  shared,
  onSave,
  onDismiss,
}: {
  shared: SharedLayout | null;
  onSave: (name: string) => void;
  onDismiss: () => void;
}) {
  const t = useT();
  if (shared?.name == null) return null;
  const name = shared.name;
  return (
    <div
      role="status"
      className="mx-4 mb-2 flex flex-wrap items-center gap-3 rounded border border-blue-300 bg-blue-50 px-3 py-2 text-sm text-blue-950 dark:border-blue-700 dark:bg-blue-950 dark:text-blue-100"
    >
      <span className="flex-1">
        <MessageWithName
          message={t('records.yours.sharedOffer', { name: CODE_SLOT })}
          name={name}
        />
      </span>
      <button type="button" onClick={() => onSave(name)} className={toolbarButton}>
        {t('records.yours.saveShared')}
      </button>
      <button type="button" onClick={onDismiss} className={toolbarButton}>
        {t('records.yours.noThanks')}
      </button>
    </div>
  );
}
