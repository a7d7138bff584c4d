import { Link, useRouteError } from 'react-router';
import { buttonClasses } from '../../components/button';
import { ErrorPanel } from '../../components/error-panel';
import { paths } from '../../config/paths';

/** A page that threw while rendering: the layout stays, the error is explained in its place. */
export function RouteError() {
  const error = useRouteError();
  return (
    <div className="space-y-3 p-4">
      <ErrorPanel error={error} onRetry={() => window.location.reload()} />
      <Link to={paths.home()} className={buttonClasses('ghost')}>
        Go to the start
      </Link>
    </div>
  );
}
