import { useState, type FormEvent } from 'react';
import type { CreatedSiteKey } from '@shared/schemas/signals-endpoint';
import type { SignalsPixel } from '@shared/schemas/signals';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { ShownOnceSecret } from '@web/components/shown-once-secret';
import { NativeSelect } from '@web/components/ui/select-field';
import { Spinner } from '@web/components/ui/spinner';
import { useCreateSiteKey, useRevokeSiteKey, useSiteKeys } from '../api/site-keys';

/** The snippet a site pastes: the script served by this Adsmith, with the key it was just given. */
export function snippetFor(key: string, origin: string): string {
  return [
    `<script src="${origin}/signals.js" data-site-key="${key}" async></script>`,
    '<script>',
    '  // After the visitor agreed to share their details with Meta:',
    '  // adsmithSignals.setConsent(true);',
    "  // adsmithSignals.track('Purchase', { value: 42, currency: 'EUR' }, { user: { em: 'visitor@example.com' } });",
    '</script>',
  ].join('\n');
}

function CreatedKey({ created, onDone }: { created: CreatedSiteKey; onDone: () => void }) {
  const snippet = snippetFor(created.key, window.location.origin);
  return (
    <ShownOnceSecret what="key" copyLabel="Copy snippet" copyText={snippet} onDone={onDone}>
      <label className="grid gap-1 text-sm">
        <span className="font-medium">Site key for pixel {created.pixelId}</span>
        <Input readOnly value={created.key} aria-label="New site key" onFocus={(e) => e.currentTarget.select()} />
      </label>
      <label className="grid gap-1 text-sm">
        <span className="font-medium">Snippet for your site</span>
        <textarea
          readOnly
          aria-label="Snippet for your site"
          className="min-h-28 rounded-md border bg-card p-2 font-mono text-xs"
          value={snippet}
        />
      </label>
    </ShownOnceSecret>
  );
}

/**
 * Site keys of the first-party Conversions API endpoint: one per site and pixel, shown once, revocable. Events sent
 * with a key reach only its pixel, through this workspace's Meta connection.
 */
export function SiteKeysPanel({ uid, accountId, pixels }: { uid: string; accountId: string; pixels: SignalsPixel[] }) {
  const keys = useSiteKeys(uid);
  const create = useCreateSiteKey(uid);
  const revoke = useRevokeSiteKey(uid);
  const [label, setLabel] = useState('');
  const [pixelId, setPixelId] = useState(pixels[0]?.id ?? '');
  const [created, setCreated] = useState<CreatedSiteKey | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { label, adAccountId: accountId.replace(/^act_/, ''), pixelId },
      {
        onSuccess: (key) => {
          setCreated(key);
          setLabel('');
        },
      },
    );
  };

  return (
    <section aria-labelledby="site-keys" className="grid gap-4 rounded-lg border bg-card p-4 shadow-sm">
      <header>
        <h2 id="site-keys" className="text-lg font-semibold">
          Your own Conversions API endpoint
        </h2>
        <p className="text-sm text-muted-foreground">
          Sites send their events to this Adsmith, in your AWS account: customer details are hashed here and only the
          hashes go to Meta, with the same event id as the pixel so Meta counts each event once.
        </p>
      </header>
      {created ? <CreatedKey created={created} onDone={() => setCreated(undefined)} /> : null}
      <form
        onSubmit={submit}
        className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
        aria-label="Create a site key"
      >
        <FormField label="Site name">
          {(control) => (
            <Input
              {...control}
              value={label}
              maxLength={60}
              required
              placeholder="shop.example.com"
              onChange={(e) => setLabel(e.target.value)}
            />
          )}
        </FormField>
        <FormField label="Pixel">
          {(control) => (
            <NativeSelect {...control} value={pixelId} onChange={(e) => setPixelId(e.target.value)} required>
              {pixels.map((pixel) => (
                <option key={pixel.id} value={pixel.id}>
                  {pixel.name} ({pixel.id})
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <Button type="submit" disabled={create.isPending || !label.trim() || !pixelId}>
          {create.isPending ? <Spinner label="Creating" /> : null}
          Create site key
        </Button>
      </form>
      {keys.isPending ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner label="Loading" /> Loading site keys…
        </p>
      ) : keys.isError ? (
        <Alert variant="destructive" title="Site keys could not be read">
          Please try again shortly.
        </Alert>
      ) : keys.data.keys.length === 0 ? (
        <p className="text-sm text-muted-foreground">No site key yet: create one for each site that sends events.</p>
      ) : (
        <ul className="grid gap-2" aria-label="Site keys">
          {keys.data.keys.map((key) => (
            <li
              key={key.id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-2 text-sm"
            >
              <span>
                <span className="font-medium">{key.label}</span> · pixel {key.pixelId} · <code>{key.keyStart}…</code>
                {key.revokedAt ? ` · revoked ${new Date(key.revokedAt).toLocaleString()}` : ''}
              </span>
              {key.revokedAt ? null : (
                <Button
                  size="sm"
                  variant="outline"
                  aria-label={`Revoke the key of ${key.label}`}
                  disabled={revoke.isPending}
                  onClick={() => revoke.mutate(key.id)}
                >
                  Revoke
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
