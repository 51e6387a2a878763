import { clsx, type ClassValue } from 'clsx';

/**
 * The button and card looks as plain class lists, joined with clsx and never with tailwind-merge: the
 * public pages' header, cards and calls to action use them, and tailwind-merge (about 8.5 KB gzipped)
 * would otherwise be in the JavaScript every visitor of `/` downloads. Nothing here is merged, so callers
 * add only classes that no base class contradicts; the display is its own option for that reason
 * (`hidden sm:inline-flex` beside a base `inline-flex` would be decided by stylesheet order, not by the
 * caller). Button and Card, for screens that override their look, merge with `cn`.
 */
export const cardClasses = 'rounded-lg border bg-card text-card-foreground shadow-sm';

const base =
  'items-center justify-center gap-2 whitespace-nowrap rounded-md text-sm font-medium transition-colors ' +
  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 ' +
  'disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0 cursor-pointer';

const variants = {
  default: 'bg-primary text-primary-foreground shadow-sm hover:bg-primary/90',
  secondary: 'bg-secondary text-secondary-foreground hover:bg-secondary/80',
  outline: 'border border-input bg-card hover:bg-muted',
  ghost: 'hover:bg-muted',
  destructive: 'bg-destructive text-white hover:bg-destructive/90',
  link: 'text-primary underline-offset-4 hover:underline px-0 h-auto',
} as const;

const sizes = {
  default: 'h-10 px-4 py-2',
  sm: 'h-9 px-3',
  lg: 'h-11 px-6 text-base',
  icon: 'size-10',
} as const;

export interface ButtonLook {
  variant?: keyof typeof variants;
  size?: keyof typeof sizes;
  /** Replaces the base `inline-flex`, e.g. `hidden sm:inline-flex`. */
  display?: string;
}

/** The button's classes plus `extra`, which must not contradict them (see above). */
export function buttonClasses(
  { variant = 'default', size = 'default', display = 'inline-flex' }: ButtonLook = {},
  ...extra: ClassValue[]
): string {
  return clsx(display, base, variants[variant], variant === 'link' ? '' : sizes[size], ...extra);
}
