import { useState, type FormEvent } from 'react';
import {
  ACCESS_TOKEN_LIFETIMES_DAYS,
  type AccessToken,
  type AccessTokenScope,
  type CreatedAccessToken,
} from '@shared/schemas/agent-tokens';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { ShownOnceSecret } from '@web/components/shown-once-secret';
import { NativeSelect } from '@web/components/ui/select-field';
import { Spinner } from '@web/components/ui/spinner';
import { useAccessTokens, useCreateAccessToken, useRevokeAccessToken } from '../api/agent-access-tokens';

const SCOPE_WORDS: Record<AccessTokenScope, string> = {
  read: 'Read only',
  'read+propose': 'Read and propose changes',
};

const day = (iso: string) => new Date(iso).toLocaleDateString();

function tokenState(token: AccessToken, now: number): string {
  if (token.revokedAt) return `revoked ${day(token.revokedAt)}`;
  if (Date.parse(token.expiresAt) <= now) return `expired ${day(token.expiresAt)}`;
  return `expires ${day(token.expiresAt)}`;
}

function CreatedToken({ created, onDone }: { created: CreatedAccessToken; onDone: () => void }) {
  return (
    <ShownOnceSecret what="token" copyLabel="Copy token" copyText={created.token} onDone={onDone}>
      <Input readOnly value={created.token} aria-label="New access token" onFocus={(e) => e.currentTarget.select()} />
    </ShownOnceSecret>
  );
}

/**
 * Personal access tokens for the agent's MCP server (/api/mcp): an AI assistant (Claude, ChatGPT, any MCP client)
 * uses the agent's tools with one, as this person in this workspace. Shown once, scoped, expiring, revocable.
 */
export function AgentAccessTokensCard() {
  const tokens = useAccessTokens();
  const create = useCreateAccessToken();
  const revoke = useRevokeAccessToken();
  const [label, setLabel] = useState('');
  const [scope, setScope] = useState<AccessTokenScope>('read');
  const [days, setDays] = useState<(typeof ACCESS_TOKEN_LIFETIMES_DAYS)[number]>(90);
  const [created, setCreated] = useState<CreatedAccessToken | undefined>();
  // Expiry is judged as of the list's own read (render stays pure).
  const now = tokens.dataUpdatedAt;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { label, scope, expiresInDays: days },
      {
        onSuccess: (token) => {
          setCreated(token);
          setLabel('');
        },
      },
    );
  };

  return (
    <Card id="agent-access-tokens">
      <CardHeader>
        <CardTitle>AI assistant access (MCP)</CardTitle>
        <CardDescription>
          Tokens that let an AI assistant use the agent&apos;s tools at /api/mcp as you, in this workspace. Proposals it
          makes wait in the optimizer&apos;s drawer for a person to approve, under the same guardrails.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {created ? <CreatedToken created={created} onDone={() => setCreated(undefined)} /> : null}
        <form onSubmit={submit} className="grid gap-3" aria-label="Create an access token">
          <FormField label="Token name">
            {(control) => (
              <Input
                {...control}
                value={label}
                maxLength={60}
                required
                placeholder="Claude on my laptop"
                onChange={(e) => setLabel(e.target.value)}
              />
            )}
          </FormField>
          <FormField label="Access">
            {(control) => (
              <NativeSelect {...control} value={scope} onChange={(e) => setScope(e.target.value as AccessTokenScope)}>
                {Object.entries(SCOPE_WORDS).map(([value, words]) => (
                  <option key={value} value={value}>
                    {words}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          <FormField label="Expires after">
            {(control) => (
              <NativeSelect {...control} value={days} onChange={(e) => setDays(Number(e.target.value) as typeof days)}>
                {ACCESS_TOKEN_LIFETIMES_DAYS.map((value) => (
                  <option key={value} value={value}>
                    {value} days
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          <Button type="submit" disabled={create.isPending || !label.trim()}>
            {create.isPending ? <Spinner label="Creating" /> : null}
            Create token
          </Button>
          {create.isError ? (
            <Alert variant="destructive" title="The token was not created">
              {create.error.message}
            </Alert>
          ) : null}
        </form>
        {tokens.isPending ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner label="Loading" /> Loading access tokens…
          </p>
        ) : tokens.isError ? (
          <Alert variant="destructive" title="The access tokens could not be read">
            {tokens.error.message}{' '}
            <Button size="sm" variant="outline" onClick={() => void tokens.refetch()}>
              Try again
            </Button>
          </Alert>
        ) : tokens.data.tokens.length === 0 ? (
          <p className="text-sm text-muted-foreground">No access token yet.</p>
        ) : (
          <ul className="grid gap-2" aria-label="Access tokens">
            {tokens.data.tokens.map((token) => (
              <li
                key={token.id}
                className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-2 text-sm"
              >
                <span>
                  <span className="font-medium">{token.label}</span> · {SCOPE_WORDS[token.scope]} ·{' '}
                  <code>{token.tokenStart}…</code> · created {day(token.createdAt)} · {tokenState(token, now)} ·{' '}
                  {token.lastUsedAt ? `last used ${new Date(token.lastUsedAt).toLocaleString()}` : 'never used'}
                </span>
                {token.revokedAt ? null : (
                  <Button
                    size="sm"
                    variant="outline"
                    aria-label={`Revoke the token ${token.label}`}
                    disabled={revoke.isPending}
                    onClick={() => revoke.mutate(token.id)}
                  >
                    Revoke
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
