import { useState } from 'react';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';

/**
 * A link whose secret the server keeps only as a hash (an onboarding or an approval link): shown once, to copy now.
 * `label` names the box for screen readers and tests ("Onboarding link", "Approval link").
 */
export function ShownOnceLink({ label, url }: { label: string; url: string }) {
  // Which link was copied: a new link starts as not copied.
  const [copied, setCopied] = useState<string | null>(null);
  return (
    <div className="grid gap-2">
      <Input readOnly value={url} aria-label={label} className="font-mono text-xs" />
      <div className="flex flex-wrap items-center gap-2">
        <Button
          variant="outline"
          size="sm"
          onClick={() =>
            void navigator.clipboard?.writeText(url).then(
              () => setCopied(url),
              () => undefined,
            )
          }
        >
          {copied === url ? 'Copied' : 'Copy link'}
        </Button>
        <span className="text-xs text-muted-foreground">Shown once: send it to your client now.</span>
      </div>
    </div>
  );
}
