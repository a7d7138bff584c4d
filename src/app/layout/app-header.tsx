import { Button } from '../../components/button';
import { ThemeToggle } from '../../components/theme-toggle';
import { useRuntimeConfig } from '../../config/runtime-config-context';
import { keyFingerprint } from '../../lib/api/client';
import { useAuth } from '../../lib/auth/auth-context';

/** The host people recognise ("data.acme.com"), or this site's for a same-origin service. */
export function serviceHostOf(serviceUrl: string): string {
  if (serviceUrl === '') return window.location.host;
  try {
    return new URL(serviceUrl).host;
  } catch {
    return serviceUrl;
  }
}

export function AppHeader({ navOpen, onToggleNav }: { navOpen: boolean; onToggleNav: () => void }) {
  const config = useRuntimeConfig();
  const { session, signOut } = useAuth();
  const serviceUrl = session?.connection.serviceUrl ?? '';

  return (
    <header className="flex h-12 shrink-0 items-center gap-2 border-b border-slate-200 bg-white px-2 sm:px-3 dark:border-slate-800 dark:bg-slate-900">
      <Button
        variant="ghost"
        className="lg:hidden"
        aria-expanded={navOpen}
        aria-controls="app-nav"
        onClick={onToggleNav}
      >
        <span aria-hidden="true">☰</span>
        <span className="sr-only">{navOpen ? 'Hide navigation' : 'Show navigation'}</span>
      </Button>
      <div className="flex min-w-0 flex-1 items-baseline gap-2">
        <span className="truncate font-semibold text-slate-900 dark:text-white">
          {config.title}
        </span>
        <span
          className="hidden truncate text-sm text-slate-500 sm:inline dark:text-slate-400"
          title={serviceUrl || window.location.origin}
        >
          {serviceHostOf(serviceUrl)}
        </span>
      </div>
      {session && (
        <span
          className="hidden rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-slate-600 md:inline dark:bg-slate-800 dark:text-slate-300"
          title={
            session.remembered ? 'Key remembered on this device' : 'Key kept for this tab only'
          }
        >
          <span className="sr-only">Connected with key </span>
          {keyFingerprint(session.connection.apiKey)}
        </span>
      )}
      <ThemeToggle />
      <Button variant="secondary" onClick={() => signOut()}>
        Sign out
      </Button>
    </header>
  );
}
