import { Menu, X } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { clsx } from 'clsx';
import { buttonClasses } from '../../components/ui/plain-classes';
import { Skeleton } from '../../components/ui/skeleton';
import { useAuth } from '../../lib/auth/use-auth';
import { BrandLink } from './brand-link';
import { ShellQueries } from './shell-queries';
import { publicLinks } from './nav-links';
import { webPaths } from '@shared/web-paths';

// Only a signed-in visitor needs the menu (and the error handling behind sign-out).
const AccountMenu = lazy(() => import('./account-menu').then((m) => ({ default: m.AccountMenu })));
// The in-app agent is for signed-in people only: its button (and, on first open, its panel) loads for them.
// Signed-in only too: the workspace switcher and the app links a workspace role may use (both ask the API).
const WorkspaceSwitcher = lazy(() => import('./workspace-switcher').then((m) => ({ default: m.WorkspaceSwitcher })));
const VisibleAppLinks = lazy(() => import('./visible-app-links').then((m) => ({ default: m.VisibleAppLinks })));
const AgentLauncher = lazy(() =>
  import('../../features/agent/components/agent-launcher').then((m) => ({ default: m.AgentLauncher })),
);

// Joined, not merged (no tailwind-merge in the public pages' JavaScript): no class here contradicts another.
function navClass({ isActive }: { isActive: boolean }) {
  return clsx(
    // A label never breaks inside ("Campaign generator" on two lines read as two links): the row wraps instead.
    'whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium transition-colors',
    isActive ? 'text-foreground bg-muted' : 'text-muted-foreground hover:text-foreground',
  );
}

export function SiteHeader() {
  const { currentUser, loading } = useAuth();
  const { pathname } = useLocation();
  const [mobileOpen, setMobileOpen] = useState(false);

  return (
    <header className="sticky top-0 z-30 border-b bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-6 px-4 sm:px-6">
        <BrandLink />
        {/* Signed in, the bar also holds the agent and the account menu: the site's pages (in the footer too) wait for lg. */}
        <nav aria-label="Main" className={clsx('hidden items-center gap-1', currentUser ? 'lg:flex' : 'md:flex')}>
          {publicLinks.map((link) => (
            <NavLink key={link.to} to={link.to} className={navClass}>
              {link.label}
            </NavLink>
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-2">
          {loading ? (
            <Skeleton className="h-9 w-24" />
          ) : currentUser ? (
            <>
              {/* On a phone it moves into the navigation panel: the bar has no room for it. */}
              <Suspense fallback={null}>
                <ShellQueries>
                  <WorkspaceSwitcher className="hidden sm:flex" />
                </ShellQueries>
              </Suspense>
              {/* From md the app links' own Dashboard is under the bar, and the bar has no room to spare. */}
              {pathname === webPaths.dashboard ? null : (
                <Link
                  to={webPaths.dashboard}
                  className={buttonClasses({
                    variant: 'outline',
                    size: 'sm',
                    display: 'hidden sm:inline-flex md:hidden',
                  })}
                >
                  Open dashboard
                </Link>
              )}
              {/* Its panel's "Send for approval" is a mutation: without the tab's client it took the page down. */}
              <Suspense fallback={<Skeleton className="h-9 w-9 sm:w-32" />}>
                <ShellQueries>
                  <AgentLauncher />
                </ShellQueries>
              </Suspense>
              <Suspense fallback={<Skeleton circle className="size-9" />}>
                <AccountMenu user={currentUser} />
              </Suspense>
            </>
          ) : (
            <>
              <Link to={webPaths.auth} className={buttonClasses({ variant: 'ghost', size: 'sm' })}>
                Sign in
              </Link>
              <Link
                to={`${webPaths.auth}?tab=sign-up`}
                className={buttonClasses({ size: 'sm', display: 'hidden sm:inline-flex' })}
              >
                Get started
              </Link>
            </>
          )}
          <button
            type="button"
            className="inline-flex size-9 items-center justify-center rounded-md hover:bg-muted md:hidden cursor-pointer"
            aria-label={mobileOpen ? 'Close navigation' : 'Open navigation'}
            aria-expanded={mobileOpen}
            onClick={() => setMobileOpen((v) => !v)}
          >
            {mobileOpen ? <X aria-hidden="true" className="size-5" /> : <Menu aria-hidden="true" className="size-5" />}
          </button>
        </div>
      </div>
      {currentUser ? (
        <nav aria-label="App" className="hidden border-t bg-card/60 md:block">
          <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-1 gap-y-0.5 px-4 py-1.5 sm:px-6">
            <Suspense fallback={null}>
              <ShellQueries>
                <VisibleAppLinks>
                  {(links) =>
                    links.map((link) => (
                      <NavLink key={link.to} to={link.to} className={navClass}>
                        {link.label}
                      </NavLink>
                    ))
                  }
                </VisibleAppLinks>
              </ShellQueries>
            </Suspense>
          </div>
        </nav>
      ) : null}
      {mobileOpen ? (
        <nav aria-label="Mobile" className="border-t bg-card px-4 py-3 md:hidden">
          {currentUser ? (
            <Suspense fallback={null}>
              <ShellQueries>
                <WorkspaceSwitcher className="mb-3 sm:hidden" />
              </ShellQueries>
            </Suspense>
          ) : null}
          {currentUser ? (
            <Suspense fallback={null}>
              <ShellQueries>
                <VisibleAppLinks>
                  {(links) => <MobileLinkGroup links={links} onFollow={() => setMobileOpen(false)} />}
                </VisibleAppLinks>
              </ShellQueries>
            </Suspense>
          ) : null}
          <MobileLinkGroup links={publicLinks} separated={Boolean(currentUser)} onFollow={() => setMobileOpen(false)} />
        </nav>
      ) : null}
    </header>
  );
}

/** One group of the phone menu's links; a later group is set off by a rule. */
function MobileLinkGroup({
  links,
  separated = false,
  onFollow,
}: {
  links: readonly { to: string; label: string }[];
  separated?: boolean;
  onFollow: () => void;
}) {
  if (links.length === 0) return null;
  return (
    <ul className={clsx('grid gap-1', separated && 'mt-2 border-t pt-2')}>
      {links.map((link) => (
        <li key={link.to}>
          <NavLink to={link.to} className={(s) => clsx(navClass(s), 'block')} onClick={onFollow}>
            {link.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
