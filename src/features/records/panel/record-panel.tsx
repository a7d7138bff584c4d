import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import { SidePanel } from '../../../components/side-panel';
import type { Column, RecordRow } from '../../../lib/api/types';
import { formatTimestamp } from '../../../lib/i18n/formats';
import { type Translate, useT } from '../../../lib/i18n/i18n-react';
import { recordLabelOf } from '../../../lib/record-label';
import { clipboardTextOf, recordAsJson, recordAsTsv, writeClipboard } from './clipboard-text';
import { FullValue } from './record-field-value';
import { TechnicalDetails } from './technical-details';

/** What a copy button did, said in the panel's status line (in the language on screen). */
type CopyNote =
  | { copied: false }
  | { copied: true; what: 'link' | 'record' | 'tsv' }
  | { copied: true; what: 'field'; column: string };

function copyNoteText(t: Translate, note: CopyNote): string {
  if (!note.copied) return t('records.panel.copyFailed');
  switch (note.what) {
    case 'link':
      return t('records.panel.copiedLink');
    case 'tsv':
      return t('records.panel.copiedTsv');
    case 'field':
      return t('records.panel.copiedField', { column: note.column });
    default:
      return t('records.panel.copied');
  }
}

/**
 * What a person calls a record: its primary column's value (else the first text column's),
 * so the panel is announced as "Ada Lovelace" rather than a UUID; the id when neither has one.
 */
export function recordTitleOf(record: RecordRow, columns: readonly Column[]): string {
  return recordLabelOf(record, columns) ?? record.id;
}

/**
 * Every field of one record, side by side with the grid. Escape closes it; the grid puts
 * focus back on the row it was opened from.
 */
export function RecordPanel({
  record,
  columns,
  onClose,
  onPrevious,
  onNext,
  position,
  linkedFrom = null,
}: {
  record: RecordRow;
  columns: readonly Column[];
  onClose: () => void;
  /** The record above / below in the grid, or null at either end of what is loaded. */
  onPrevious?: (() => void) | null;
  onNext?: (() => void) | null;
  /** "Record 12 of 100 loaded", said when moving between records. */
  position?: string | null;
  /** Under the fields, always in view: the tables that link to this record (../linked-from). */
  linkedFrom?: ReactNode;
}) {
  const t = useT();
  const title = recordTitleOf(record, columns);
  const closeRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLElement>(null);
  const [copyState, setCopyState] = useState<CopyNote | null>(null);

  // A layout effect, so focus is in the panel the moment it is drawn: a passive effect
  // after a router navigation (a transition) runs a task later, and an Escape pressed in
  // between reached the grid and was lost.
  // biome-ignore lint/correctness/useExhaustiveDependencies: focus moves in when another record opens too
  useLayoutEffect(() => {
    // Previous/Next keep focus where it is (the button or key pressed); a record opened from the grid takes it.
    if (!panelRef.current?.contains(document.activeElement)) closeRef.current?.focus();
    setCopyState(null);
  }, [record.id]);

  const copy = async (text: string, note: Exclude<CopyNote, { copied: false }>) =>
    setCopyState((await writeClipboard(text)) ? note : { copied: false });

  const extraFields = Object.keys(record.fields).filter(
    (name) => !columns.some((column) => column.name === name),
  );

  return (
    <SidePanel
      kind={t('records.panel.kind')}
      title={<span translate="no">{title}</span>}
      closeLabel={t('records.panel.close')}
      onClose={onClose}
      closeRef={closeRef}
      panelRef={panelRef}
      onKeyDown={(event) => {
        if (event.altKey && event.key === 'ArrowUp' && onPrevious) {
          event.preventDefault();
          onPrevious();
        } else if (event.altKey && event.key === 'ArrowDown' && onNext) {
          event.preventDefault();
          onNext();
        }
      }}
    >
      <div className="flex flex-wrap gap-1 border-b border-slate-200 px-3 py-2 dark:border-slate-800">
        <button
          type="button"
          disabled={!onPrevious}
          onClick={() => onPrevious?.()}
          title={t('records.panel.previousTitle')}
          aria-keyshortcuts="Alt+ArrowUp"
          className={panelButton}
        >
          ↑ {t('records.panel.previous')}
        </button>
        <button
          type="button"
          disabled={!onNext}
          onClick={() => onNext?.()}
          title={t('records.panel.nextTitle')}
          aria-keyshortcuts="Alt+ArrowDown"
          className={panelButton}
        >
          ↓ {t('records.panel.next')}
        </button>
        <button
          type="button"
          onClick={() => void copy(window.location.href, { copied: true, what: 'link' })}
          className={panelButton}
        >
          {t('records.panel.copyLink')}
        </button>
        <button
          type="button"
          onClick={() => void copy(recordAsJson(record), { copied: true, what: 'record' })}
          className={panelButton}
        >
          {t('records.panel.copyJson')}
        </button>
        <button
          type="button"
          onClick={() => void copy(recordAsTsv(record, columns), { copied: true, what: 'tsv' })}
          className={panelButton}
        >
          {t('records.panel.copyTsv')}
        </button>
      </div>
      <p role="status" className="px-3 text-xs text-slate-600 empty:hidden dark:text-slate-300">
        {copyState ? copyNoteText(t, copyState) : position}
      </p>
      <div className="flex-1 overflow-auto p-3 text-sm">
        <dl>
          {columns.map((column) => (
            <div key={column.name} className="mb-3">
              <dt
                dir="auto"
                className="flex items-center justify-between gap-2 text-xs font-semibold text-slate-600 dark:text-slate-400"
              >
                <span translate="no">{column.name}</span>
                <button
                  type="button"
                  aria-label={t('records.panel.copyFieldLabel', { column: column.name })}
                  onClick={() =>
                    void copy(clipboardTextOf(record.fields[column.name]), {
                      copied: true,
                      what: 'field',
                      column: column.name,
                    })
                  }
                  className="inline-flex min-h-6 min-w-6 items-center justify-center rounded px-1.5 font-normal text-slate-600 pointer-coarse:min-h-11 pointer-coarse:min-w-11 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-slate-100"
                >
                  {t('records.panel.copyField')}
                </button>
              </dt>
              <dd translate="no" className="mt-0.5">
                <FullValue value={record.fields[column.name]} column={column} />
              </dd>
            </div>
          ))}
          {extraFields.map((name) => (
            <div key={`extra:${name}`} className="mb-3">
              <dt
                dir="auto"
                translate="no"
                className="text-xs font-semibold text-slate-600 dark:text-slate-400"
              >
                {name}
              </dt>
              <dd translate="no" className="mt-0.5">
                <FullValue value={record.fields[name]} column={{ ...FALLBACK_COLUMN, name }} />
              </dd>
            </div>
          ))}
          {record.createdAt ? (
            <Stamp label={t('records.panel.created')} iso={record.createdAt} />
          ) : null}
          {record.updatedAt ? (
            <Stamp label={t('records.panel.updated')} iso={record.updatedAt} />
          ) : null}
        </dl>
        <TechnicalDetails
          record={record}
          columns={columns}
          onCopy={(text, column) =>
            void copy(
              text,
              column === null
                ? { copied: true, what: 'record' }
                : { copied: true, what: 'field', column },
            )
          }
        />
      </div>
      {linkedFrom}
    </SidePanel>
  );
}

function Stamp({ label, iso }: { label: string; iso: string }) {
  return (
    <div className="mb-2 text-xs text-slate-500 dark:text-slate-400">
      <dt className="inline">{label} </dt>
      <dd translate="no" className="inline">
        <time dateTime={iso}>{formatTimestamp(iso)}</time>
      </dd>
    </div>
  );
}

const panelButton =
  'rounded border border-slate-300 px-2 py-1 text-xs hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50 dark:border-slate-700 dark:hover:bg-slate-900';

const FALLBACK_COLUMN: Column = {
  id: '',
  name: '',
  description: null,
  type: 'UNKNOWN',
  settings: null,
  orderIndex: 0,
  required: false,
  isPrimary: false,
  inferred: true,
};
