import { useCallback, useId, useRef, useState } from 'react';
import { MenuOpener } from '../../../../components/menu-opener';
import { usePopover } from '../../../../components/use-floating-panel';
import { paths } from '../../../../config/paths';
import type { RecordQuery } from '../../../../lib/api/types';
import { useT } from '../../../../lib/i18n/i18n-react';
import type { RecordsDisplay } from '../../layouts/records-display';
import { writeClipboard } from '../../panel/clipboard-text';
import { CODE_SLOT } from '../../shared-ui/records-states';
import { DeletedOffer } from './deleted-view-offer';
import { MessageWithName } from './message-with-name';
import type { YourViews } from './use-your-views';
import { NameForm } from './view-name-form';
import {
  MAX_VIEWS_FILE_BYTES,
  nameProblemOf,
  parseViewsFile,
  sharedSearchOf,
  viewsFileOf,
  type YourView,
} from './your-views';
import { importProblemText, type Note, NoteLine, NoteText } from './your-views-note';

/** What is on screen now: what "Save view as…" and "Save changes" keep. */
export interface CurrentView {
  query: RecordQuery;
  /** Visible columns, in order. */
  columns: string[];
  widths: Record<string, number>;
  /** Drawn as a board or on a calendar; null: the grid (or cards). */
  display: RecordsDisplay | null;
}

/** The address that opens `search` on this table, for anyone with access (never the key). */
export function viewLinkOf(tableId: string, search: string): string {
  const { origin, pathname } = window.location;
  return `${origin}${pathname}#${paths.table(tableId)}?${search}`;
}

type Form = { kind: 'save-as' } | { kind: 'rename'; view: YourView };

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
  const fileRef = useRef<HTMLInputElement>(null);
  const close = useCallback(() => {
    setOpen(false);
    setForm(null);
  }, []);
  const { rootRef, openerRef, panelRef, panelStyle } = usePopover({
    open,
    onClose: close,
    placement: 'bottom-end',
  });

  const item =
    'block w-full rounded px-2 py-1.5 text-left text-sm pointer-coarse:min-h-11 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-blue-600 dark:hover:bg-slate-800';

  function saveAs(name: string) {
    const now = current();
    const saved = yours.save({
      name,
      sort: now.query.sort,
      filters: now.query.filters,
      columns: now.columns,
      widths: now.widths,
      ...(now.display ? { display: now.display } : {}),
      find: now.query.find ?? '',
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
      display: now.display ?? undefined,
      find: now.query.find ?? '',
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
        query: {
          sort: view.sort,
          filters: view.filters,
          ...(view.find ? { find: view.find } : {}),
        },
        columns: view.columns,
        widths: view.widths,
        display: view.display,
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
    <div ref={rootRef}>
      <MenuOpener
        open={open}
        panelId={panelId}
        openerRef={openerRef}
        onToggle={() => (open ? close() : setOpen(true))}
        aria-label={t('records.yours.menu')}
        title={t('records.yours.menu')}
        className="inline-flex h-8 w-8 items-center justify-center rounded-r border border-l-0 border-slate-300 bg-white hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-blue-600 dark:border-slate-700 dark:bg-slate-900 dark:hover:bg-slate-800"
      >
        {/* A bookmark: the toolbar keeps its width (a text button made it wrap). */}
        <svg aria-hidden="true" viewBox="0 0 16 16" className="h-4 w-4 fill-none stroke-current">
          <path d="M4 2.5h8v11l-4-3-4 3z" strokeWidth="1.5" strokeLinejoin="round" />
        </svg>
      </MenuOpener>
      {open ? (
        <div
          ref={panelRef}
          style={panelStyle}
          id={panelId}
          className="z-30 w-72 overflow-y-auto rounded border border-slate-200 bg-white p-2 shadow-lg dark:border-slate-700 dark:bg-slate-900"
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
