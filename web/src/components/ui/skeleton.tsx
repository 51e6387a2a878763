import { clsx } from 'clsx';
import type { HTMLAttributes } from 'react';

export interface SkeletonProps extends HTMLAttributes<HTMLDivElement> {
  /** A round placeholder (an avatar) instead of a rounded rectangle. */
  circle?: boolean;
}

/**
 * A loading placeholder. Its classes are joined, not merged (the header shows one on every public page,
 * and tailwind-merge stays out of their JavaScript): `className` sizes and places it, the shape is `circle`.
 */
export function Skeleton({ className, circle = false, ...props }: SkeletonProps) {
  return (
    <div
      aria-hidden="true"
      className={clsx('animate-pulse bg-muted', circle ? 'rounded-full' : 'rounded-md', className)}
      {...props}
    />
  );
}
