import { type ReactNode, useLayoutEffect, useRef } from 'react';
import { SidePanel } from '../../../components/side-panel';
import { useT } from '../../../lib/i18n/i18n-react';

/**
 * The panel's place while a record (or the panel's own code) loads, or when it can't be
 * shown. Apart from the panel itself, so it can stand in while that code loads.
 */
export function RecordPanelMessage({
  title,
  children,
  onClose,
}: {
  title: string;
  children?: ReactNode;
  onClose: () => void;
}) {
  const t = useT();
  const closeRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLElement>(null);
  // Focus comes in as the panel does (RecordPanel's way), so an Escape pressed while the
  // panel's code or its record loads reaches the panel and closes it.
  useLayoutEffect(() => {
    if (!panelRef.current?.contains(document.activeElement)) closeRef.current?.focus();
  }, []);
  return (
    <SidePanel
      title={title}
      closeLabel={t('records.panel.close')}
      onClose={onClose}
      closeRef={closeRef}
      panelRef={panelRef}
    >
      <div className="p-3 text-sm text-slate-700 dark:text-slate-300">{children}</div>
    </SidePanel>
  );
}
