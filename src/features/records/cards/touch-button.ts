/** A control a thumb can hit: 44 px on a touch screen, 32 px under a mouse. */
export const touchButton =
  'inline-flex h-8 min-w-8 items-center justify-center gap-1 rounded border border-slate-300 bg-white px-3 text-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-blue-600 pointer-coarse:h-11 pointer-coarse:min-w-11 dark:border-slate-700 dark:bg-slate-900 dark:hover:bg-slate-800';

/**
 * The one main action of a sheet or dialog (blue, white text). Its own class list, not
 * `touchButton` plus colours: two background utilities on one element let the stylesheet's
 * order choose, which once drew this button white on white.
 */
export const primaryTouchButton =
  'inline-flex h-8 min-w-8 items-center justify-center gap-1 rounded border border-blue-700 bg-blue-700 px-3 text-sm font-medium text-white hover:bg-blue-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 pointer-coarse:h-11 pointer-coarse:min-w-11 dark:border-blue-600 dark:bg-blue-600 dark:hover:bg-blue-700';
