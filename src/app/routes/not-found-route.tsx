import { Link } from 'react-router';
import { buttonClasses } from '../../components/button';
import { EmptyState } from '../../components/empty-state';
import { paths } from '../../config/paths';
import { useT } from '../../lib/i18n/i18n-react';

export function NotFoundRoute() {
  const t = useT();
  return (
    <EmptyState
      title={t('shell.notFound.title')}
      description={t('shell.notFound.description')}
      action={
        <Link to={paths.home()} className={buttonClasses('secondary')}>
          {t('shell.notFound.goHome')}
        </Link>
      }
    />
  );
}
