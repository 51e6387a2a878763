import { useId, type ReactElement, type ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Label } from './label';

export interface FieldControlProps {
  id: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

export interface FormFieldProps {
  label: ReactNode;
  /** The validation message; also marks the control invalid for assistive tech. */
  error?: string;
  description?: ReactNode;
  /** Extra content on the label row (e.g. a "Forgot password?" link). */
  labelAside?: ReactNode;
  className?: string;
  /** Receives the ids to spread on the control so label, hint and error are wired up. */
  children: (control: FieldControlProps) => ReactElement;
}

/** shadcn's FormItem/FormLabel/FormControl/FormMessage folded into one render-prop component. */
export function FormField({ label, error, description, labelAside, className, children }: FormFieldProps) {
  const id = useId();
  const descriptionId = description ? `${id}-description` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [descriptionId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('grid gap-2', className)}>
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        {labelAside}
      </div>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {description ? (
        <div id={descriptionId} className="text-sm text-muted-foreground">
          {description}
        </div>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
