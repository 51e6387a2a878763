import { Copy, RefreshCw, ShieldAlert } from 'lucide-react';
import { useId } from 'react';
import { toast } from 'sonner';
import { checkAdPolicy } from '@shared/ad-policy';
import {
  adCopyAngles,
  callToActionLabels,
  callToActionTypes,
  type AdCopyTextField,
  type CallToActionType,
} from '@shared/ad-copy-rules';
import type { AdCopyVariant } from '@shared/schemas/ai';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { cn } from '@web/lib/cn';
import { CharacterCount } from './character-count';

export function variantAsText(v: AdCopyVariant): string {
  return [
    `Headline: ${v.headline}`,
    `Primary text: ${v.primaryText}`,
    `Description: ${v.description}`,
    `Call to action: ${callToActionLabels[v.callToAction]}`,
  ].join('\n');
}

const textareaClass =
  'w-full rounded-md border border-input bg-card px-3 py-2 text-sm shadow-xs focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring aria-invalid:border-destructive';

interface VariantCardProps {
  index: number;
  variant: AdCopyVariant;
  onChange: (variant: AdCopyVariant) => void;
  onRegenerate: () => void;
  regenerating: boolean;
  busy: boolean;
  /** The language the copy was asked in: the policy check runs that language's word list (and English). */
  language?: string;
}

/** One variant, editable in place, with live counts against Meta's limits and the policy check. */
export function VariantCard({
  index,
  variant,
  onChange,
  onRegenerate,
  regenerating,
  busy,
  language = 'en',
}: VariantCardProps) {
  const id = useId();
  const issues = checkAdPolicy(`${variant.headline}\n${variant.primaryText}\n${variant.description}`, language);
  const name = `Variant ${index + 1}`;
  const set = (field: AdCopyTextField, value: string) => onChange({ ...variant, [field]: value });

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(variantAsText(variant));
      toast.success(`${name} copied`);
    } catch {
      toast.error('Your browser did not allow copying. Select the text and copy it instead.');
    }
  };

  const field = (fieldName: AdCopyTextField, label: string, multiline = false) => {
    const inputId = `${id}-${fieldName}`;
    const countId = `${inputId}-count`;
    const common = {
      id: inputId,
      value: variant[fieldName],
      'aria-describedby': countId,
      onChange: (e: { target: { value: string } }) => set(fieldName, e.target.value),
    };
    return (
      <div className="grid gap-1.5">
        <div className="flex items-baseline justify-between gap-2">
          <Label htmlFor={inputId}>
            {label} <span className="sr-only">of {name}</span>
          </Label>
          <CharacterCount field={fieldName} text={variant[fieldName]} id={countId} />
        </div>
        {multiline ? <textarea rows={3} className={textareaClass} {...common} /> : <Input {...common} />}
      </div>
    );
  };

  return (
    <Card
      role="group"
      aria-label={name}
      className={cn('grid gap-4 p-5 transition-opacity', regenerating && 'opacity-60')}
      aria-busy={regenerating}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex items-center gap-2">
          <h3 className="font-semibold">{name}</h3>
          <Badge variant="outline">{adCopyAngles[variant.angle]}</Badge>
        </div>
        <div className="flex gap-2">
          <Button size="sm" variant="outline" onClick={() => void copy()} aria-label={`Copy ${name}`}>
            <Copy aria-hidden="true" /> Copy
          </Button>
          <Button size="sm" variant="outline" onClick={onRegenerate} disabled={busy} aria-label={`Regenerate ${name}`}>
            <RefreshCw aria-hidden="true" className={cn(regenerating && 'animate-spin')} /> Regenerate
          </Button>
        </div>
      </div>
      {field('headline', 'Headline')}
      {field('primaryText', 'Primary text', true)}
      {field('description', 'Description')}
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-cta`}>
          Call to action <span className="sr-only">of {name}</span>
        </Label>
        <select
          id={`${id}-cta`}
          className={cn(textareaClass, 'h-10')}
          value={variant.callToAction}
          onChange={(e) => onChange({ ...variant, callToAction: e.target.value as CallToActionType })}
        >
          {callToActionTypes.map((type) => (
            <option key={type} value={type}>
              {callToActionLabels[type]}
            </option>
          ))}
        </select>
      </div>
      {issues.length > 0 ? (
        <div role="alert" className="rounded-md border border-warning/40 bg-warning/10 p-3 text-sm">
          <p className="flex items-center gap-2 font-medium">
            <ShieldAlert aria-hidden="true" className="size-4 text-warning" /> Meta may reject this wording
          </p>
          <ul className="mt-2 grid gap-1.5">
            {issues.map((issue) => (
              <li key={`${issue.rule}-${issue.phrase}`}>
                <strong>“{issue.phrase}”</strong>: {issue.reason}
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <p className="text-xs text-muted-foreground">No wording Meta’s advertising standards commonly reject.</p>
      )}
    </Card>
  );
}
