import type { Column, RecordRow } from '../../../lib/api/types';
import { type Translate, useT } from '../../../lib/i18n/i18n-react';

interface TechnicalEntry {
  key: string;
  /** What the value is: a message, or a column's name (data). */
  name: string;
  /** The column it is from, or null for the record's own id and instants. */
  column: string | null;
  /** The Copy button's name: one whole message, never a message inside another. */
  copyLabel: string;
  value: string;
}

/** The values a developer or an integration needs as stored: ids and instants as sent. */
function entriesOf(record: RecordRow, columns: readonly Column[], t: Translate): TechnicalEntry[] {
  const own = (key: 'recordId' | 'created' | 'updated', value: string): TechnicalEntry => ({
    key,
    name: t(`records.panel.technical.${key}`),
    column: null,
    copyLabel: t(`records.panel.technical.${key}Copy`),
    value,
  });
  const entries: TechnicalEntry[] = [own('recordId', record.id)];
  for (const column of columns) {
    if (column.type !== 'DATETIME' && column.type !== 'REFERENCE') continue;
    const value = record.fields[column.name];
    const sent: unknown[] = Array.isArray(value) ? value : [value];
    const text = sent.filter((item): item is string => typeof item === 'string' && item !== '');
    if (text.length === 0) continue;
    entries.push({
      key: `column:${column.name}`,
      name: column.name,
      column: column.name,
      copyLabel: t('records.panel.technical.copy', { name: column.name }),
      value: text.join(', '),
    });
  }
  if (record.createdAt) entries.push(own('created', record.createdAt));
  if (record.updatedAt) entries.push(own('updated', record.updatedAt));
  return entries;
}

/**
 * The record's id, the ids its references are stored as and its instants as the service
 * sent them, folded away: a person reads names and dates above, and whoever needs the raw
 * value opens this and copies it (each has its own Copy button; the text is selectable).
 */
export function TechnicalDetails({
  record,
  columns,
  onCopy,
}: {
  record: RecordRow;
  columns: readonly Column[];
  /** Copies `text`; `column` (null for the record's own values) is named in the status line. */
  onCopy: (text: string, column: string | null) => void;
}) {
  const t = useT();
  const entries = entriesOf(record, columns, t);
  return (
    <details className="mt-4 rounded border border-slate-200 dark:border-slate-800">
      <summary className="cursor-pointer px-2 py-1.5 text-xs font-semibold text-slate-700 focus-visible:outline-2 focus-visible:outline-blue-600 dark:text-slate-200">
        {t('records.panel.technical.title')}
      </summary>
      <dl className="space-y-2 px-2 pb-2 text-xs">
        {entries.map((entry) => (
          <div key={entry.key}>
            <dt
              dir="auto"
              translate={entry.column !== null ? 'no' : undefined}
              className="font-semibold text-slate-600 dark:text-slate-400"
            >
              {entry.name}
            </dt>
            <dd className="flex items-start justify-between gap-2">
              <code
                translate="no"
                className="min-w-0 font-mono break-all text-slate-700 select-all dark:text-slate-300"
              >
                {entry.value}
              </code>
              <button
                type="button"
                aria-label={entry.copyLabel}
                onClick={() => onCopy(entry.value, entry.column)}
                className="inline-flex min-h-6 min-w-6 shrink-0 items-center justify-center rounded px-1.5 text-slate-600 pointer-coarse:min-h-11 pointer-coarse:min-w-11 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-slate-100"
              >
                {t('records.panel.copyField')}
              </button>
            </dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
