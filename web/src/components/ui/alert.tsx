import { AlertCircle, CheckCircle2, Info, TriangleAlert } from 'lucide-react';
import type { HTMLAttributes, ReactNode } from 'react';
import { cn } from '../../lib/cn';

const variants = {
  info: { box: 'border-primary/20 bg-secondary text-secondary-foreground', icon: Info },
  success: { box: 'border-success/30 bg-success/10 text-foreground', icon: CheckCircle2 },
  warning: { box: 'border-warning/40 bg-warning/10 text-foreground', icon: TriangleAlert },
  destructive: { box: 'border-destructive/30 bg-destructive/10 text-foreground', icon: AlertCircle },
} as const;

export interface AlertProps extends Omit<HTMLAttributes<HTMLDivElement>, 'title'> {
  variant?: keyof typeof variants;
  title?: ReactNode;
}

/** Errors are announced at once (role=alert); other notes politely (role=status). */
export function Alert({ variant = 'info', title, className, children, ...props }: AlertProps) {
  const { box, icon: Icon } = variants[variant];
  return (
    <div
      role={variant === 'destructive' || variant === 'warning' ? 'alert' : 'status'}
      className={cn('flex gap-3 rounded-md border p-4 text-sm', box, className)}
      {...props}
    >
      <Icon
        aria-hidden="true"
        className={cn(
          'mt-0.5 size-4 shrink-0',
          variant === 'destructive' && 'text-destructive',
          variant === 'success' && 'text-success',
          variant === 'warning' && 'text-warning',
          variant === 'info' && 'text-primary',
        )}
      />
      <div className="flex flex-col gap-1">
        {title ? <p className="font-medium">{title}</p> : null}
        {children ? <div className="leading-relaxed">{children}</div> : null}
      </div>
    </div>
  );
}
