import { useCallback, useId, useState } from 'react';
import { MenuOpener } from '../../../components/menu-opener';
import { usePopover } from '../../../components/use-floating-panel';
import { formatList, formatNumber } from '../../../lib/i18n/formats';
import { type Translate, useT } from '../../../lib/i18n/i18n-react';
import { EXPORT_FORMATS, type ExportFormat } from '../export/formats/export-formats';
import type { RunningWalk, ViewWalks } from './use-view-walks';
import type { WalkWait } from './view-walk';

const toolbarButton =
  'h-8 pointer-coarse:h-11 rounded border border-slate-300 bg-white px-3 text-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-blue-600 disabled:opacity-50 dark:border-slate-700 dark:bg-slate-900 dark:hover:bg-slate-800';

/**
 * "Count" and "Export" for the toolbar above the grid. While a find shows its matches
 * (decision 057) they work on those: "Export these 37", once the find has stopped reading.
 */
export function ViewWalkButtons({
  walks,
  matches = null,
}: {
  walks: ViewWalks;
  /** The find's matches, and whether it is still reading the view; null without a find. */
  matches?: { count: number; searching: boolean } | null;
}) {
  const t = useT();
  const busy = walks.running !== null || matches?.searching === true;
  return (
    <>
      <button
        type="button"
        onClick={walks.count}
        disabled={busy}
        className={toolbarButton}
        title={matches ? t('records.count.buttonTitleMatches') : t('records.count.buttonTitle')}
      >
        {t('records.count.button')}
      </button>
      <ExportMenu
        walks={walks}
        disabled={busy}
        label={
          matches
            ? t('records.export.buttonMatches', { count: matches.count })
            : t('records.export.button')
        }
      />
    </>
  );
}

function ExportMenu({
  walks,
  disabled,
  label,
}: {
  walks: ViewWalks;
  disabled: boolean;
  label: string;
}) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [format, setFormat] = useState<ExportFormat>('csv');
  const [bom, setBom] = useState(false);
  const [idsOnly, setIdsOnly] = useState(false);
  const panelId = useId();

  const close = useCallback(() => setOpen(false), []);
  const { rootRef, openerRef, panelRef, panelStyle } = usePopover({
    open,
    onClose: close,
    placement: 'bottom-end',
  });

  return (
    <div ref={rootRef}>
      <MenuOpener
        open={open}
        panelId={panelId}
        openerRef={openerRef}
        disabled={disabled}
        onToggle={() => setOpen((value) => !value)}
        className={toolbarButton}
      >
        {label}
      </MenuOpener>
      {open ? (
        <div
          ref={panelRef}
          style={panelStyle}
          id={panelId}
          className="z-30 w-72 overflow-y-auto rounded border border-slate-200 bg-white p-3 text-sm shadow-lg dark:border-slate-700 dark:bg-slate-900"
        >
          <fieldset>
            <legend className="font-semibold">{t('records.export.formatLegend')}</legend>
            {(Object.keys(EXPORT_FORMATS) as ExportFormat[]).map((key) => (
              <label
                key={key}
                className="mt-1 flex min-h-6 items-center gap-2 pointer-coarse:min-h-11"
              >
                <input
                  type="radio"
                  name={`${panelId}-format`}
                  value={key}
                  checked={format === key}
                  onChange={() => setFormat(key)}
                />
                <span translate="no">{EXPORT_FORMATS[key].label}</span>
              </label>
            ))}
          </fieldset>
          {format === 'csv' ? (
            <label className="mt-2 flex min-h-6 items-start gap-2 pointer-coarse:min-h-11 pointer-coarse:items-center">
              <input
                type="checkbox"
                checked={bom}
                onChange={(event) => setBom(event.target.checked)}
                className="mt-1"
              />
              <span>{t('records.export.bom')}</span>
            </label>
          ) : null}
          {walks.exportsReferences ? (
            <label className="mt-2 flex min-h-6 items-start gap-2 pointer-coarse:min-h-11 pointer-coarse:items-center">
              <input
                type="checkbox"
                checked={idsOnly}
                onChange={(event) => setIdsOnly(event.target.checked)}
                className="mt-1"
              />
              <span>
                {format === 'csv'
                  ? t('records.export.idsOnlyCsv')
                  : t('records.export.idsOnlyJsonLines')}
              </span>
            </label>
          ) : null}
          <p className="mt-2 text-slate-600 dark:text-slate-400">{t('records.export.explain')}</p>
          <button
            type="button"
            onClick={() => {
              setOpen(false);
              walks.exportView({ format, bom: format === 'csv' && bom, names: !idsOnly });
            }}
            className="mt-3 h-8 rounded bg-blue-700 px-3 pointer-coarse:h-11 font-medium text-white hover:bg-blue-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 dark:bg-blue-600 dark:hover:bg-blue-500"
          >
            {t('records.export.start', { format: EXPORT_FORMATS[format].label })}
          </button>
        </div>
      ) : null}
    </div>
  );
}

function waitText(t: Translate, wait: WalkWait): string {
  const seconds = formatNumber(wait.seconds);
  return wait.reason === 'rate_limit'
    ? t('records.count.waitRateLimit', { seconds })
    : t('records.count.waitRetry', { seconds });
}

/** "Exporting to Orders.csv: 12,500 of 50,000 records". */
function doneText(t: Translate, running: RunningWalk): string {
  const done = formatNumber(running.records);
  const total = running.expectedTotal;
  if (running.kind === 'count') {
    return total === null
      ? t('records.count.counting', { count: running.records })
      : t('records.count.countingOf', { done, count: total });
  }
  const file = running.fileName;
  if (file === null) {
    return total === null
      ? t('records.export.exporting', { count: running.records })
      : t('records.export.exportingOf', { done, count: total });
  }
  return total === null
    ? t('records.export.exportingTo', { file, count: running.records })
    : t('records.export.exportingToOf', { file, done, count: total });
}

function rateOf(running: RunningWalk): number | null {
  const elapsed = (performance.now() - running.startedAt) / 1000;
  return elapsed >= 1 && running.records > 0 ? Math.round(running.records / elapsed) : null;
}

/** Progress of a running Count or Export, and what became of the last one. */
export function ViewWalkProgress({ walks }: { walks: ViewWalks }) {
  const t = useT();
  const { running, message } = walks;
  if (running) {
    const counting = running.kind === 'count';
    const rate = rateOf(running);
    const total = running.expectedTotal;
    return (
      <section
        aria-label={counting ? t('records.count.progress') : t('records.export.progress')}
        className="mx-4 mb-2 flex flex-wrap items-center gap-3 rounded border border-slate-200 px-3 py-2 text-sm dark:border-slate-700"
      >
        <progress
          aria-label={counting ? t('records.count.progressBar') : t('records.export.progressBar')}
          className="h-2 w-40 accent-blue-700 dark:accent-blue-400"
          {...(total !== null && total > 0
            ? { value: Math.min(running.records, total), max: total }
            : {})}
        />
        <span className="tabular-nums">
          {doneText(t, running)}
          {rate !== null ? ` · ${t('records.count.rate', { count: rate })}` : ''}
          {running.names && running.names.needed > 0
            ? ` · ${t('records.export.namesProgress', {
                done: formatNumber(running.names.read),
                count: running.names.needed,
              })}`
            : ''}
          {running.names && running.names.walking.length > 0 ? (
            <>
              {` · ${t('records.export.namesFromTables')} `}
              <span translate="no">{formatList(running.names.walking)}</span>
            </>
          ) : null}
        </span>
        <span aria-live="polite" className="text-amber-800 dark:text-amber-300">
          {running.wait ? waitText(t, running.wait) : ''}
        </span>
        <button type="button" onClick={walks.cancel} className={`ml-auto ${toolbarButton}`}>
          {counting ? t('records.count.cancel') : t('records.export.cancel')}
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
        {message.text(t)}
        {message.details ? (
          <>
            {' '}
            {/* The service's (or the browser's) own words, as they were sent. */}
            <span translate="no">{message.details()}</span>
          </>
        ) : null}
      </span>
      <button type="button" onClick={walks.dismissMessage} className={toolbarButton}>
        {t('records.count.dismiss')}
      </button>
    </div>
  );
}
