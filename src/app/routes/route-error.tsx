import { Link, useRouteError } from 'react-router';
import { buttonClasses } from '../../components/button';
import { LazyErrorPanel } from '../../components/lazy-error-panel';
import { paths } from '../../config/paths';
import { useT } from '../../lib/i18n/i18n-react';

/**
 * A page that threw while rendering (or whose code failed to load): the layout stays, the
 * error is explained in its place. `data-error-boundary` marks it for the e2e suite, which
 * fails any test that draws it (e2e/support/fixtures.ts).
 */
export function RouteError() {
  const error = useRouteError();
  const t = useT();
  return (
    <div data-error-boundary="route" className="space-y-3 p-4">
      <LazyErrorPanel error={error} onRetry={() => window.location.reload()} />
      <Link to={paths.home()} className={buttonClasses('ghost')}>
        {t('connect.app.goHome')}
      </Link>
    </div>
  );
}
