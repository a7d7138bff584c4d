import { type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import { MenuOpener } from '../../../components/menu-opener';
import { usePopover } from '../../../components/use-floating-panel';
import type { TableDetail } from '../../../lib/api/types';
import { useT } from '../../../lib/i18n/i18n-react';
import { touchButton } from './touch-button';

/**
 * The cards' header, one line on a phone: the table's name (and its description, one line;
 * in full in the menu), "Sort and filter", and a menu holding what the grid's toolbar has
 * beside them (Jump to end, Count, Export, Columns, Table/Cards).
 */
export function CardsToolbar({
  tableDetail,
  activeCount,
  onOpenSheet,
  onSkipToRecords,
  beside = null,
  menu,
  find = null,
}: {
  tableDetail: TableDetail;
  /** Filters and sort applied: shown on the sheet's button. */
  activeCount: number;
  onOpenSheet: () => void;
  onSkipToRecords: () => void;
  /** Controls shown on the line itself, on a screen wide enough (the layout switch). */
  beside?: ReactNode;
  /** The controls the menu holds. */
  menu: ReactNode;
  /**
   * The find box, behind a control of its own (a phone's line has no room for both): open
   * from the start when something is found; `focus` puts the caret in it when opened.
   */
  find?: { box: ReactNode; active: boolean; focus: () => void } | null;
}) {
  const t = useT();
  // Open from the start when the address already finds something (a reload, a link).
  const [findOpen, setFindOpen] = useState(() => find?.active ?? false);
  const findShown = find !== null && findOpen;
  const findRowId = useId();
  const focusFind = find?.focus;
  const openedByHand = useRef(false);
  useEffect(() => {
    if (findOpen && openedByHand.current) focusFind?.();
  }, [findOpen, focusFind]);
  return (
    <header className="flex flex-wrap items-center gap-x-2 gap-y-1 border-b border-slate-200 px-3 py-1.5 dark:border-slate-800">
      <button
        type="button"
        onClick={onSkipToRecords}
        className={`sr-only focus:not-sr-only ${touchButton}`}
      >
        {t('records.toolbar.skipToRecords')}
      </button>
      {/* Never narrower than ~6 rem (room for Find, Sort and filter and ⋯ on one 390 px line):
          the buttons wrap below the name before they squeeze it further. */}
      <div className="min-w-0 flex-1 basis-24">
        <h1 dir="auto" translate="no" title={tableDetail.name} className="truncate font-semibold">
          {tableDetail.name}
        </h1>
        {tableDetail.description ? (
          // One line here (the menu holds it in full): a control on this line would be a
          // 44 px touch target and push the toolbar past its height.
          <p
            dir="auto"
            translate="no"
            title={tableDetail.description}
            className="truncate text-xs text-slate-600 dark:text-slate-400"
          >
            {tableDetail.description}
          </p>
        ) : null}
      </div>
      <div className="flex shrink-0 items-center gap-2">
        {beside}
        {find ? (
          <button
            type="button"
            aria-expanded={findShown}
            aria-controls={findRowId}
            aria-label={findShown ? t('records.find.hide') : t('records.find.show')}
            title={findShown ? t('records.find.hide') : t('records.find.show')}
            onClick={() => {
              openedByHand.current = true;
              setFindOpen((open) => !open);
            }}
            className={touchButton}
          >
            <span aria-hidden="true">⌕</span>
          </button>
        ) : null}
        <button type="button" onClick={onOpenSheet} aria-haspopup="dialog" className={touchButton}>
          <span aria-hidden="true">⇅</span>
          {t('records.cards.sortAndFilter')}
          {activeCount > 0 ? (
            <>
              <span
                aria-hidden="true"
                className="rounded-full bg-blue-700 px-1.5 text-xs text-white dark:bg-blue-500"
              >
                {t('records.cards.activeBadge', { count: activeCount })}
              </span>
              <span className="sr-only">
                {t('records.cards.activeCount', { count: activeCount })}
              </span>
            </>
          ) : null}
        </button>
        <MoreMenu>
          {tableDetail.description ? (
            <p dir="auto" translate="no" className="break-words text-slate-700 dark:text-slate-300">
              {tableDetail.description}
            </p>
          ) : null}
          {menu}
        </MoreMenu>
      </div>
      {find && findShown ? (
        <div id={findRowId} className="w-full basis-full">
          {find.box}
        </div>
      ) : null}
    </header>
  );
}

function MoreMenu({ children }: { children: ReactNode }) {
  const t = useT();
  const [open, setOpen] = useState(false);
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
        aria-label={t('records.cards.more')}
        title={t('records.cards.more')}
        onToggle={() => setOpen((value) => !value)}
        className={touchButton}
      >
        <span aria-hidden="true">⋯</span>
      </MenuOpener>
      {open ? (
        <section
          ref={panelRef}
          style={panelStyle}
          id={panelId}
          aria-label={t('records.cards.more')}
          className="z-30 flex w-72 flex-col items-start gap-2 overflow-y-auto rounded-md border border-slate-200 bg-white p-3 text-sm shadow-lg dark:border-slate-700 dark:bg-slate-900"
        >
          {children}
        </section>
      ) : null}
    </div>
  );
}
