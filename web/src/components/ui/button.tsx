import type { ButtonHTMLAttributes } from 'react';
import { cn } from '../../lib/cn';
import { buttonClasses, type ButtonLook } from './plain-classes';

export interface ButtonStyleProps extends Omit<ButtonLook, 'display'> {
  className?: string;
}

/**
 * The button look, also for router links that should look like buttons. `className` may override the
 * look (`h-auto`, `rounded-full`...), so it is merged with tailwind-merge; public pages use
 * `buttonClasses`, which does not merge, to keep tailwind-merge out of their JavaScript.
 */
export function buttonVariants({ variant, size, className }: ButtonStyleProps = {}): string {
  return cn(buttonClasses({ variant, size }), className);
}

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & ButtonStyleProps;

export function Button({ variant, size, className, type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={buttonVariants({ variant, size, className })} {...props} />;
}
