/** A control a thumb can hit: 44 px on a touch screen, 32 px under a mouse. */
export const touchButton =
  'inline-flex h-8 min-w-8 items-center justify-center gap-1 rounded border border-slate-300 bg-white px-3 text-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-blue-600 pointer-coarse:h-11 pointer-coarse:min-w-11 dark:border-slate-700 dark:bg-slate-900 dark:hover:bg-slate-800';
