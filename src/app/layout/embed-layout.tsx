import { Outlet } from 'react-router';

/**
 * The embedded admin view's frame: no header, no navigation, no sign-out; the host page
 * around the iframe provides those and picks the table or skill (docs/embedding.md).
 * Links inside pages still work and stay under `#/embed`.
 */
export function EmbedLayout() {
  return (
    <div className="flex h-dvh flex-col bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <main id="main" className="flex min-h-0 min-w-0 flex-1 flex-col overflow-auto">
        <Outlet />
      </main>
    </div>
  );
}
