import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '../../config/paths';
import { ApiClientProvider } from '../../lib/api/api-client-context';
import { useApiClientFactory } from '../../lib/api/api-client-factory-context';
import { useAuth } from '../../lib/auth/auth-context';
import { PeopleProvider } from '../../lib/people/people-context';
import { LAST_SCREEN_KEY } from '../../lib/view-memory/view-memory';
import { ViewMemoryProvider } from '../../lib/view-memory/view-memory-context';
import { VisitMemoryProvider } from '../../lib/visit-memory/visit-memory-context';
import { useAppServices } from '../providers';

/**
 * Every route but /connect sits below this: without an open workspace it sends the user to
 * connect, remembering where they were (path and query string) to return afterwards.
 *
 * It gives the pages the open workspace's API client and QueryClient. When the user
 * switches workspace (header), it first goes to the path that workspace last showed, and
 * only then renders the pages again, under the other workspace's client and cache: a page
 * never asks one workspace for another's table.
 */
export function RequireConnection() {
  const { session, signedOutDeliberately, refusedId, noteView, lastView } = useAuth();
  const services = useAppServices();
  const createClient = useApiClientFactory();
  const location = useLocation();
  const here = location.pathname + location.search;
  const connection = session?.connection ?? null;
  // One client per connection: it remembers which skills path answered.
  const client = useMemo(
    () => (connection ? createClient(connection) : null),
    [connection, createClient],
  );
  const sessionId = session?.id ?? null;
  const viewMemory = useMemo(
    () => (sessionId ? services.viewMemoryFor(sessionId) : null),
    [services, sessionId],
  );
  const visitMemory = useMemo(
    () => (sessionId ? services.visitMemoryFor(sessionId) : null),
    [services, sessionId],
  );
  const deviceNames = useMemo(
    () => (sessionId ? services.deviceNamesFor(sessionId) : null),
    [services, sessionId],
  );
  const [shownId, setShownId] = useState(session?.id ?? null);
  /** While switching: the path to reach, and the location it was asked from. */
  const [switching, setSwitching] = useState<{ to: string; fromKey: string } | null>(null);

  const settled = session !== null && session.id === shownId && switching === null;
  useEffect(() => {
    if (!settled) return;
    noteView(session.id, here);
    // Where the dashboard's root address returns to (docs/decisions/049): any screen but
    // the root itself, which only ever leads to one.
    if (location.pathname !== paths.home()) viewMemory?.writeKept('where', LAST_SCREEN_KEY, here);
  }, [settled, session, here, noteView, viewMemory, location.pathname]);

  if (!session || !client) {
    const returnTo = signedOutDeliberately ? null : here;
    // A refused key: the address names the workspace to sign in to again, so the connect
    // screen still asks for its new key after a reload (the refusal itself is not stored).
    return <Navigate to={paths.connect(returnTo, refusedId)} replace />;
  }
  if (session.id !== shownId) {
    setShownId(session.id);
    const kept = services.viewMemoryFor(session.id)?.readKept('where', LAST_SCREEN_KEY);
    const to = lastView(session.id) ?? (typeof kept === 'string' ? kept : paths.home());
    setSwitching({ to, fromKey: location.key });
    return null;
  }
  if (switching) {
    if (location.key === switching.fromKey) return <Navigate to={switching.to} replace />;
    setSwitching(null);
    return null;
  }
  return (
    <QueryClientProvider key={session.id} client={services.queryClientFor(session.id)}>
      <ApiClientProvider client={client}>
        <ViewMemoryProvider memory={viewMemory}>
          <VisitMemoryProvider memory={visitMemory}>
            <PeopleProvider deviceNames={deviceNames}>
              <Outlet />
            </PeopleProvider>
          </VisitMemoryProvider>
        </ViewMemoryProvider>
      </ApiClientProvider>
    </QueryClientProvider>
  );
}
