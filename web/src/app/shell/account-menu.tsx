import { LayoutDashboard, LogOut, UserRound } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { AuthUser } from '../../lib/auth/auth-user';
import { useAuth } from '../../lib/auth/use-auth';
import { cn } from '../../lib/cn';
import { handleError } from '../../lib/errors/handle-error';
import { screenIcons } from '../../lib/screen-icons';
import { accountLinks } from './nav-links';
import { webPaths } from '@shared/web-paths';

function initials(user: AuthUser): string {
  const source = user.displayName?.trim() || user.email;
  const parts = source.split(/[\s@.]+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (user.displayName ? (parts[1]?.[0] ?? '') : '')).toUpperCase() || '?';
}

const itemClass =
  'flex w-full items-center gap-2 rounded-sm px-2 py-2 text-left text-sm hover:bg-muted focus-visible:bg-muted focus-visible:outline-none cursor-pointer';

/** The signed-in user's menu: who they are, account settings, sign-out. */
export function AccountMenu({ user }: { user: AuthUser }) {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const items = () => [...(rootRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    // Menu keyboard pattern: focus starts on the first item, arrows move, Escape closes back to the button.
    items()[0]?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        rootRef.current?.querySelector<HTMLElement>('[aria-haspopup="menu"]')?.focus();
        return;
      }
      if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
      event.preventDefault();
      const list = items();
      const index = list.indexOf(document.activeElement as HTMLElement);
      const next = event.key === 'ArrowDown' ? index + 1 : index - 1;
      list[(next + list.length) % list.length]?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const onSignOut = async () => {
    setOpen(false);
    try {
      await signOut();
      navigate(webPaths.home, { replace: true });
    } catch (error) {
      handleError(error, { component: 'AccountMenu.signOut' });
    }
  };

  return (
    <div ref={rootRef} className="relative">
      <button
        type="button"
        aria-label="Account menu"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((v) => !v)}
        className="flex size-9 items-center justify-center rounded-full bg-gradient-to-br from-indigo-500 to-pink-600 text-sm font-semibold text-white shadow-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 cursor-pointer"
      >
        {user.photoURL ? (
          <img src={user.photoURL} alt="" className="size-9 rounded-full object-cover" />
        ) : (
          initials(user)
        )}
      </button>
      <div
        id={menuId}
        role="menu"
        aria-label="Account"
        hidden={!open}
        className={cn('absolute right-0 z-40 mt-2 w-64 rounded-md border bg-card p-1 shadow-lg', !open && 'hidden')}
      >
        <div className="px-2 py-2">
          <p className="truncate text-sm font-medium">{user.displayName ?? 'Your account'}</p>
          <p className="truncate text-xs text-muted-foreground">{user.email}</p>
        </div>
        <div className="my-1 h-px bg-border" />
        <Link role="menuitem" to={webPaths.dashboard} className={itemClass} onClick={() => setOpen(false)}>
          <LayoutDashboard aria-hidden="true" className="size-4" /> Dashboard
        </Link>
        {/* The settings page gathers profile, plan and billing, AI connection, signals and tokens (issue 25, req. 13). */}
        <Link role="menuitem" to={webPaths.settings} className={itemClass} onClick={() => setOpen(false)}>
          <UserRound aria-hidden="true" className="size-4" /> Account settings
        </Link>
        {accountLinks
          .filter((link) => !link.operatorOnly || user.operator)
          .map((link) => {
            const Icon = link.icon ? screenIcons[link.icon] : null;
            return (
              <Link key={link.to} role="menuitem" to={link.to} className={itemClass} onClick={() => setOpen(false)}>
                {Icon ? <Icon aria-hidden="true" className="size-4" /> : null} {link.label}
              </Link>
            );
          })}
        <div className="my-1 h-px bg-border" />
        <button role="menuitem" type="button" className={itemClass} onClick={() => void onSignOut()}>
          <LogOut aria-hidden="true" className="size-4" /> Sign out
        </button>
      </div>
    </div>
  );
}
