import { type ComponentProps, Suspense } from 'react';
import { useT } from '../../../lib/i18n/i18n-react';
import { lazyWithPreload } from '../../../lib/lazy-with-preload';
import { RecordPanelMessage } from './record-panel-message';

// The record panel's code (its fields, copy buttons, Linked from) loads with the first
// record opened, or ahead of that while the page is idle (preloadRecordSidePanel).
const { Component: RecordSidePanel, preload: preloadRecordSidePanel } = lazyWithPreload(() =>
  import('./record-side-panel').then((module) => module.RecordSidePanel),
);

export { preloadRecordSidePanel };

export function LazyRecordSidePanel(props: ComponentProps<typeof RecordSidePanel>) {
  const t = useT();
  if (props.panel.state.status === 'closed') return null;
  return (
    <Suspense
      fallback={
        <RecordPanelMessage title={t('records.sidePanel.loading')} onClose={props.panel.close} />
      }
    >
      <RecordSidePanel {...props} />
    </Suspense>
  );
}
