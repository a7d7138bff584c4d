import { Link } from 'react-router';
import { buttonClasses } from '../../components/button';
import { EmptyState } from '../../components/empty-state';
import { paths } from '../../config/paths';

export function NotFoundRoute() {
  return (
    <EmptyState
      title="Page not found"
      description="There is nothing at this address. The link may be old, or the page may have been removed."
      action={
        <Link to={paths.home()} className={buttonClasses('secondary')}>
          Go to the start
        </Link>
      }
    />
  );
}
