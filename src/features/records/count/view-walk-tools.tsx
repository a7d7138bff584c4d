import { useCallback, useId, useRef, useState } from 'react';
import { usePopoverDismissal } from '../../../components/use-popover-dismissal';
import { EXPORT_FORMATS, type ExportFormat } from '../export/record-writers';
import type { RunningWalk, ViewWalks } from './use-view-walks';
import type { WalkWait } from './view-walk';

const countFormat = new Intl.NumberFormat();

const toolbarButton =
  'h-8 rounded border border-slate-300 bg-white px-3 text-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-blue-600 disabled:opacity-50 dark:border-slate-700 dark:bg-slate-900 dark:hover:bg-slate-800';

/** "Count" and "Export" for the toolbar above the grid. */
export function ViewWalkButtons({ walks }: { walks: ViewWalks }) {
  const busy = walks.running !== null;
  return (
    <>
      <button
        type="button"
        onClick={walks.count}
        disabled={busy}
        className={toolbarButton}
        title="Count every record in this view"
      >
        Count
      </button>
      <ExportMenu walks={walks} disabled={busy} />
    </>
  );
}

function ExportMenu({ walks, disabled }: { walks: ViewWalks; disabled: boolean }) {
  const [open, setOpen] = useState(false);
  const [format, setFormat] = useState<ExportFormat>('csv');
  const [bom, setBom] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  const close = useCallback(() => setOpen(false), []);
  usePopoverDismissal({ open, onClose: close, rootRef, openerRef: buttonRef });

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        disabled={disabled}
        onClick={() => setOpen((value) => !value)}
        className={toolbarButton}
      >
        Export
      </button>
      {open ? (
        <div
          id={panelId}
          className="absolute right-0 z-20 mt-1 w-72 rounded border border-slate-200 bg-white p-3 text-sm shadow-lg dark:border-slate-700 dark:bg-slate-900"
        >
          <fieldset>
            <legend className="font-semibold">Export this view as</legend>
            {(Object.keys(EXPORT_FORMATS) as ExportFormat[]).map((key) => (
              <label key={key} className="mt-1 flex items-center gap-2">
                <input
                  type="radio"
                  name={`${panelId}-format`}
                  value={key}
                  checked={format === key}
                  onChange={() => setFormat(key)}
                />
                {EXPORT_FORMATS[key].label}
              </label>
            ))}
          </fieldset>
          {format === 'csv' ? (
            <label className="mt-2 flex items-start gap-2">
              <input
                type="checkbox"
                checked={bom}
                onChange={(event) => setBom(event.target.checked)}
                className="mt-1"
              />
              <span>Byte order mark, so Excel reads accents and emoji correctly</span>
            </label>
          ) : null}
          <p className="mt-2 text-slate-600 dark:text-slate-400">
            Every record of the current view (sort, filters, visible columns in their order),
            fetched page by page. The grid stays usable meanwhile.
          </p>
          <button
            type="button"
            onClick={() => {
              setOpen(false);
              walks.exportView({ format, bom: format === 'csv' && bom });
            }}
            className="mt-3 h-8 rounded bg-blue-700 px-3 font-medium text-white hover:bg-blue-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 dark:bg-blue-600 dark:hover:bg-blue-500"
          >
            Export {EXPORT_FORMATS[format].label}
          </button>
        </div>
      ) : null}
    </div>
  );
}

function waitText(wait: WalkWait): string {
  const seconds = `${wait.seconds} s`;
  return wait.reason === 'rate_limit'
    ? `Waiting ${seconds} for the service's rate limit`
    : `A page failed; trying again in ${seconds}`;
}

function rateOf(running: RunningWalk): number | null {
  const elapsed = (performance.now() - running.startedAt) / 1000;
  return elapsed >= 1 && running.records > 0 ? Math.round(running.records / elapsed) : null;
}

/** Progress of a running Count or Export, and what became of the last one. */
export function ViewWalkProgress({ walks }: { walks: ViewWalks }) {
  const { running, message } = walks;
  if (running) {
    const verb = running.kind === 'count' ? 'Counting' : 'Exporting';
    const rate = rateOf(running);
    const total = running.expectedTotal;
    const of = total !== null ? ` of ${countFormat.format(total)}` : '';
    return (
      <section
        aria-label={running.kind === 'count' ? 'Count progress' : 'Export progress'}
        className="mx-4 mb-2 flex flex-wrap items-center gap-3 rounded border border-slate-200 px-3 py-2 text-sm dark:border-slate-700"
      >
        <progress
          aria-label={`${verb} records`}
          className="h-2 w-40 accent-blue-700 dark:accent-blue-400"
          {...(total !== null && total > 0
            ? { value: Math.min(running.records, total), max: total }
            : {})}
        />
        <span className="tabular-nums">
          {verb}
          {running.fileName ? ` to ${running.fileName}` : ''}: {countFormat.format(running.records)}
          {of} records{rate !== null ? ` · ${countFormat.format(rate)} records/s` : ''}
        </span>
        <span aria-live="polite" className="text-amber-800 dark:text-amber-300">
          {running.wait ? waitText(running.wait) : ''}
        </span>
        <button type="button" onClick={walks.cancel} className={`ml-auto ${toolbarButton}`}>
          Cancel {running.kind === 'count' ? 'count' : 'export'}
        </button>
      </section>
    );
  }
  if (!message) return null;
  const problem = message.tone === 'problem';
  return (
    <div
      role={problem ? 'alert' : 'status'}
      className={`mx-4 mb-2 flex items-center gap-3 rounded border px-3 py-2 text-sm ${
        problem
          ? 'border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100'
          : 'border-slate-200 text-slate-800 dark:border-slate-700 dark:text-slate-200'
      }`}
    >
      <span dir="auto" className="flex-1">
        {message.text}
      </span>
      <button type="button" onClick={walks.dismissMessage} className={toolbarButton}>
        Dismiss
      </button>
    </div>
  );
}
