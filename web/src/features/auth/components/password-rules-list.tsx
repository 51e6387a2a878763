import { Check, X } from 'lucide-react';
import { passwordRules } from '@shared/password-policy';
import { cn } from '@web/lib/cn';

export interface PasswordRulesListProps {
  password: string;
  /** Set when the server rejected the password: the list is pulled into view and marked. */
  highlight?: boolean;
  id?: string;
}

/** The password policy, live: each rule shows whether the typed password meets it. */
export function PasswordRulesList({ password, highlight = false, id }: PasswordRulesListProps) {
  return (
    <div
      id={id}
      className={cn(
        'rounded-md border bg-muted/50 p-3 transition-colors',
        highlight && 'border-destructive/50 bg-destructive/5 ring-2 ring-destructive/20',
      )}
      data-highlighted={highlight || undefined}
    >
      <p className={cn('mb-2 text-xs font-medium', highlight ? 'text-destructive' : 'text-muted-foreground')}>
        Your password must contain:
      </p>
      <ul aria-label="Password requirements" className="grid gap-1">
        {passwordRules().map((rule) => {
          const met = rule.isMet(password);
          return (
            <li
              key={rule.label}
              data-met={met}
              className={cn('flex items-center gap-1.5 text-xs', met ? 'text-success' : 'text-muted-foreground')}
            >
              {met ? <Check aria-hidden="true" className="size-3.5" /> : <X aria-hidden="true" className="size-3.5" />}
              <span>{rule.label}</span>
              <span className="sr-only">{met ? '(met)' : '(not met)'}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
