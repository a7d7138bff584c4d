import { type ComponentProps, Suspense } from 'react';
import { loadAreas } from '../lib/i18n/i18n';
import { lazyWithRetry } from '../lib/lazy-with-retry';
import type { ErrorPanel } from './error-panel';

/**
 * The ErrorPanel for screens that can show before the workspace's code: its code and its
 * messages (the `common` catalog) load only when an error is shown, so the connect screen's
 * first download carries neither (docs/decisions/036).
 */
const ErrorPanelWithMessages = lazyWithRetry(async () => {
  const [{ ErrorPanel: Panel }] = await Promise.all([
    import('./error-panel'),
    loadAreas(['common']),
  ]);
  return { default: Panel };
});

export function LazyErrorPanel(props: ComponentProps<typeof ErrorPanel>) {
  return (
    <Suspense fallback={null}>
      <ErrorPanelWithMessages {...props} />
    </Suspense>
  );
}
