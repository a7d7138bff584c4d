import { RecordReference } from '../../../components/record-reference';
import type { Column } from '../../../lib/api/types';
import { useT } from '../../../lib/i18n/i18n-react';
import {
  currencyOf,
  EmptyValue,
  formatAmount,
  formatDateValue,
  httpUrlOf,
  jsonPreview,
  linkedTableOf,
  mailtoOf,
  moneyOf,
} from '../columns/record-cell';

/** Each linked record by its label, linking to it (its id is under Technical details). */
function References({ values, column }: { values: readonly unknown[]; column: Column }) {
  const tableId = linkedTableOf(column.settings);
  return (
    <ul className="space-y-1">
      {values.map((value, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: ids may repeat; the list never reorders
        <li key={index} className="flex min-w-0 flex-col">
          <RecordReference tableId={tableId} value={value} />
        </li>
      ))}
    </ul>
  );
}

/** One field's whole value, as the record panel shows it: in words, links and chips, never markup. */
export function FullValue({ value, column }: { value: unknown; column: Column }) {
  const t = useT();
  if (value === null || value === undefined || value === '') return <EmptyValue />;
  if (column.type === 'REFERENCE') {
    const values = Array.isArray(value) ? value : [value];
    if (values.length === 0) return <EmptyValue />;
    return <References values={values} column={column} />;
  }
  if (typeof value === 'boolean')
    return <span>{value ? t('common.value.yes') : t('common.value.no')}</span>;
  if (typeof value === 'number') {
    const currency = column.type === 'NUMBER' ? currencyOf(column.settings) : null;
    return <span className="tabular-nums">{formatAmount(value, currency)}</span>;
  }
  const money = moneyOf(value);
  if (money) {
    return (
      <span className="tabular-nums">
        {formatAmount(money.amount, money.currency)}{' '}
        <code className="font-mono text-xs text-slate-500 dark:text-slate-400">
          {JSON.stringify(value)}
        </code>
      </span>
    );
  }
  if (typeof value === 'string') {
    const href = column.type === 'EMAIL' ? mailtoOf(value) : httpUrlOf(value);
    if (href && (column.type === 'URL' || column.type === 'EMAIL')) {
      return (
        <a
          href={href}
          target={column.type === 'URL' ? '_blank' : undefined}
          rel="noopener noreferrer"
          className="break-all text-blue-700 underline dark:text-blue-400"
        >
          {value}
        </a>
      );
    }
    const readableDate = column.type === 'DATETIME' ? formatDateValue(value) : null;
    if (readableDate) {
      return (
        // The value as sent is under Technical details: a person reads the date.
        <time dateTime={value}>{readableDate}</time>
      );
    }
    return (
      <span dir="auto" className="break-words whitespace-pre-wrap">
        {value}
      </span>
    );
  }
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) {
    if (value.length === 0) return <EmptyValue />;
    // Tags and other lists as chips, one per item, not as JSON.
    return (
      <ul className="flex flex-wrap gap-1">
        {value.map((item, index) => (
          <li
            // biome-ignore lint/suspicious/noArrayIndexKey: items may repeat; the list never reorders
            key={index}
            dir="auto"
            className="rounded-full border border-slate-300 bg-slate-50 px-2 py-0.5 text-xs dark:border-slate-700 dark:bg-slate-900"
          >
            {item}
          </li>
        ))}
      </ul>
    );
  }
  if (column.type === 'FILE' && Array.isArray(value)) {
    return (
      <ul className="list-disc pl-4">
        {value.map((file, index) => {
          const name =
            typeof file === 'object' && file !== null && 'name' in file
              ? String(file.name)
              : jsonPreview(file);
          const href =
            typeof file === 'object' && file !== null && 'url' in file ? httpUrlOf(file.url) : null;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: file names may repeat; the list never reorders
            <li key={index} dir="auto">
              {href ? (
                <a
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="text-blue-700 underline dark:text-blue-400"
                >
                  {name}
                </a>
              ) : (
                name
              )}
            </li>
          );
        })}
      </ul>
    );
  }
  return (
    <pre className="overflow-auto rounded bg-slate-50 p-2 font-mono text-xs whitespace-pre-wrap dark:bg-slate-900">
      {JSON.stringify(value, null, 2)}
    </pre>
  );
}
