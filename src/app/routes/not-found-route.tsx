import { Link } from 'react-router';
import { buttonClasses } from '../../components/button';
import { EmptyState } from '../../components/empty-state';
import { paths } from '../../config/paths';

export function NotFoundRoute() {
  return (
    <EmptyState
      title="Page not found"
      description="Nothing lives at this address in the dashboard."
      action={
        <Link to={paths.home()} className={buttonClasses('secondary')}>
          Go to the first table
        </Link>
      }
    />
  );
}
