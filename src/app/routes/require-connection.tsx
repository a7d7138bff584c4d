import { useMemo } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '../../config/paths';
import { ApiClientProvider } from '../../lib/api/api-client-context';
import { useApiClientFactory } from '../../lib/api/api-client-factory-context';
import { useAuth } from '../../lib/auth/auth-context';

/**
 * Every route but /connect sits below this: without a stored key it sends the user to
 * connect, remembering where they were (path and query string) to return afterwards.
 */
export function RequireConnection() {
  const { session, signedOutDeliberately } = useAuth();
  const createClient = useApiClientFactory();
  const location = useLocation();
  const connection = session?.connection ?? null;
  // One client per connection: it remembers which skills path answered.
  const client = useMemo(
    () => (connection ? createClient(connection) : null),
    [connection, createClient],
  );

  if (!client) {
    const returnTo = signedOutDeliberately ? null : location.pathname + location.search;
    return <Navigate to={paths.connect(returnTo)} replace />;
  }
  return (
    <ApiClientProvider client={client}>
      <Outlet />
    </ApiClientProvider>
  );
}
