import { type ComponentProps, lazy, Suspense } from 'react';

// The record panel's code (its fields, copy buttons, Linked from) loads with the first
// record opened, or ahead of that while the page is idle (preloadRecordSidePanel).
const loadRecordSidePanel = () => import('./record-side-panel');
const RecordSidePanel = lazy(() =>
  loadRecordSidePanel().then((module) => ({ default: module.RecordSidePanel })),
);

export function preloadRecordSidePanel(): void {
  loadRecordSidePanel().catch(() => {
    // Offline or a redeploy: opening a record loads (and reports) it again.
  });
}

export function LazyRecordSidePanel(props: ComponentProps<typeof RecordSidePanel>) {
  if (props.panel.state.status === 'closed') return null;
  return (
    <Suspense fallback={null}>
      <RecordSidePanel {...props} />
    </Suspense>
  );
}
