import { Compass } from 'lucide-react';
import { Link, useLocation } from 'react-router-dom';
import { buttonVariants } from '../../components/ui/button';
import { webPaths } from '@shared/web-paths';

export default function NotFoundRoute() {
  const { pathname } = useLocation();
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <Compass aria-hidden="true" className="size-12 text-primary" />
      <p className="mt-4 text-sm font-semibold text-primary">404</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight">Page not found</h1>
      <p className="mt-3 text-muted-foreground">
        There is no page at <code className="rounded bg-muted px-1.5 py-0.5 text-sm">{pathname}</code>.
      </p>
      <Link to={webPaths.home} className={buttonVariants({ className: 'mt-8' })}>
        Go to the home page
      </Link>
    </div>
  );
}
