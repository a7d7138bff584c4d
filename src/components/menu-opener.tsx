import type { ComponentPropsWithoutRef, RefCallback } from 'react';

type OpenerButtonProps = Omit<
  ComponentPropsWithoutRef<'button'>,
  'type' | 'onClick' | 'aria-expanded' | 'aria-controls'
>;

/**
 * The button that opens a menu or popover placed by `usePopover` (use-floating-panel.ts):
 * it says whether its panel is open and which one it is, gives Floating UI its box
 * (`openerRef`), and opens or closes the panel when pressed. Label, look and content are
 * the caller's.
 */
export function MenuOpener({
  open,
  panelId,
  openerRef,
  onToggle,
  ...button
}: OpenerButtonProps & {
  open: boolean;
  /** The id of the panel it opens. */
  panelId: string;
  openerRef: RefCallback<HTMLElement>;
  onToggle: () => void;
}) {
  return (
    <button
      {...button}
      ref={openerRef}
      type="button"
      aria-expanded={open}
      aria-controls={panelId}
      onClick={onToggle}
    />
  );
}
