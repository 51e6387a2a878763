import { useState } from 'react';
import { SHARE_EXPIRY_DAYS } from '@shared/schemas/mmm-share';
import { marketingMixSharedPath } from '@shared/web-paths';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { NativeSelect } from '@web/components/ui/select-field';
import { Spinner } from '@web/components/ui/spinner';
import { useAuth } from '@web/lib/auth/use-auth';
import { useCreateShare, useRevokeShare, useShares } from '../api/share-api';

const sharedUrl = (token: string) => new URL(marketingMixSharedPath(token), window.location.origin).toString();

/**
 * The owner's share links of one report: make a read-only link that expires after the days
 * chosen, copy it, and revoke it at any time. The page behind a link shows this report and
 * nothing else of the account.
 */
export function ShareLinks({ modelId, modelName }: { modelId: string; modelName: string }) {
  const { currentUser } = useAuth();
  const shares = useShares(currentUser?.uid, modelId);
  const create = useCreateShare(currentUser?.uid, modelId);
  const revoke = useRevokeShare(currentUser?.uid, modelId);
  const [days, setDays] = useState<number>(7);
  const [copied, setCopied] = useState<string | null>(null);

  const copy = async (id: string, url: string) => {
    await navigator.clipboard?.writeText(url).catch(() => undefined);
    setCopied(id);
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Share this report</CardTitle>
        <CardDescription>
          Anyone with a link sees this report, read-only, until it expires or you revoke it: no sign-in, and nothing
          else of your account.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <form
          className="flex flex-wrap items-end gap-3"
          aria-label={`Share ${modelName}`}
          onSubmit={(event) => {
            event.preventDefault();
            create.mutate({ expiresInDays: days });
          }}
        >
          <FormField label="Link expires after" className="w-48">
            {(control) => (
              <NativeSelect {...control} value={days} onChange={(e) => setDays(Number(e.target.value))}>
                {SHARE_EXPIRY_DAYS.map((d) => (
                  <option key={d} value={d}>
                    {d === 1 ? '1 day' : `${d} days`}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? 'Creating the link…' : 'Create share link'}
          </Button>
        </form>
        {create.isError ? <Alert variant="destructive">{create.error.message}</Alert> : null}
        {revoke.isError ? <Alert variant="destructive">{revoke.error.message}</Alert> : null}
        {shares.isPending ? <Spinner label="Loading the share links" className="size-6 text-muted-foreground" /> : null}
        {shares.isError ? (
          <Alert variant="destructive">The share links could not be loaded: {shares.error.message}</Alert>
        ) : null}
        {shares.data && shares.data.items.length === 0 ? (
          <p className="text-sm text-muted-foreground">No live links. Links you create appear here.</p>
        ) : null}
        {shares.data && shares.data.items.length > 0 ? (
          <ul aria-label="Share links" className="grid gap-3">
            {shares.data.items.map((share) => {
              const url = sharedUrl(share.token);
              const expires = new Date(share.expiresAt).toLocaleString();
              return (
                <li key={share.id} className="grid gap-2 rounded-md border p-3">
                  <Input
                    readOnly
                    value={url}
                    aria-label={`Share link expiring ${expires}`}
                    className="font-mono text-xs"
                  />
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <span className="text-xs text-muted-foreground">Expires {expires}</span>
                    <div className="flex gap-2">
                      <Button variant="outline" size="sm" onClick={() => void copy(share.id, url)}>
                        {copied === share.id ? 'Copied' : 'Copy link'}
                      </Button>
                      <Button
                        variant="ghost"
                        size="sm"
                        disabled={revoke.isPending}
                        aria-label={`Revoke the link expiring ${expires}`}
                        onClick={() => revoke.mutate(share.id)}
                      >
                        Revoke
                      </Button>
                    </div>
                  </div>
                </li>
              );
            })}
          </ul>
        ) : null}
      </CardContent>
    </Card>
  );
}
