// Room panel/: one record opened in a side panel. Owns the panel (here, loaded on first use
// through lazy-record-side-panel.tsx), which record is open (use-open-record.ts), a field's
// value and copying it (record-field-value.tsx, clipboard-text.ts) and technical details.
// May import columns/, shared-ui/, shared/ (the failure's words and counts), linked-from/
// (the section under the fields), lib/, components/, config/.
import type { Column, RecordRow } from '../../../lib/api/types';
import { useT } from '../../../lib/i18n/i18n-react';
import { LinkedFromSection } from '../linked-from/linked-from-section';
import { formatCount } from '../shared/format-count';
import { describeLoadError } from '../shared/load-error';
import { CODE_SLOT, ErrorNotice, MessageWithCode } from '../shared-ui/records-states';
import { RecordPanel, recordTitleOf } from './record-panel';
import { RecordPanelMessage } from './record-panel-message';
import type { useOpenRecord } from './use-open-record';

/**
 * The open record's side panel (or why it can't be shown). Previous/next walk the rows in
 * memory, in the grid's order, and keep the stepped-to row in view.
 */
export function RecordSidePanel({
  tableId,
  panel,
  recordId,
  columns,
  rows,
  firstRow,
  knownRowCount,
  reachedEnd,
  positionOf = null,
  scrollToRow,
}: {
  tableId: string;
  panel: ReturnType<typeof useOpenRecord>;
  /** The record id in the URL. */
  recordId: string | null;
  columns: readonly Column[];
  /** The rows in memory, which start at row `firstRow` of the list. */
  rows: readonly RecordRow[];
  firstRow: number;
  knownRowCount: number;
  reachedEnd: boolean;
  /** At the view's end (decision 018) row numbers are unknown: the place counted from the end instead. */
  positionOf?: ((indexInRows: number) => string) | null;
  scrollToRow: (rowIndex: number) => void;
}) {
  const t = useT();
  const state = panel.state;
  if (state.status === 'open') {
    const openIndex = rows.findIndex((r) => r.id === state.record.id);
    const stepTo = (offset: number) => {
      const neighbour = openIndex < 0 ? undefined : rows[openIndex + offset];
      if (!neighbour) return null;
      return () => {
        const rowIndex = firstRow + openIndex + offset;
        panel.open(neighbour, rowIndex);
        scrollToRow(Math.max(0, rowIndex - 2));
      };
    };
    const title = recordTitleOf(state.record, columns);
    const position =
      openIndex < 0
        ? null
        : positionOf
          ? t('records.sidePanel.positionFromEnd', { title, position: positionOf(openIndex) })
          : t(reachedEnd ? 'records.sidePanel.position' : 'records.sidePanel.positionLoaded', {
              title,
              position: formatCount(firstRow + openIndex + 1),
              total: formatCount(knownRowCount),
            });
    return (
      <RecordPanel
        record={state.record}
        columns={columns}
        onClose={panel.close}
        onPrevious={stepTo(-1)}
        onNext={stepTo(1)}
        position={position}
        linkedFrom={<LinkedFromSection tableId={tableId} recordId={state.record.id} />}
      />
    );
  }
  if (state.status === 'loading') {
    return <RecordPanelMessage title={t('records.sidePanel.loading')} onClose={panel.close} />;
  }
  if (state.status === 'missing') {
    return (
      <RecordPanelMessage title={t('records.sidePanel.notFound')} onClose={panel.close}>
        <MessageWithCode
          message={t('records.sidePanel.notFoundBody', { id: CODE_SLOT })}
          code={recordId ?? ''}
          className="font-mono break-all"
        />
      </RecordPanelMessage>
    );
  }
  if (state.status === 'error') {
    return (
      <RecordPanelMessage title={t('records.sidePanel.loadFailed')} onClose={panel.close}>
        <ErrorNotice message={describeLoadError(state.error)} onRetry={state.retry} />
      </RecordPanelMessage>
    );
  }
  return null;
}
