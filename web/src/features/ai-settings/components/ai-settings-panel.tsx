import { Bot, KeyRound } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Alert } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import type { AiConnectionStatus } from '@web/lib/ai/ai-connection-context';
import { maskKey } from '@web/lib/ai/own-key';
import { useAIConnection } from '@web/lib/ai/use-ai-connection';
import { cn } from '@web/lib/cn';

const statusLabel: Record<AiConnectionStatus, string> = {
  checking: 'Checking…',
  connected: 'Connected',
  disconnected: 'Disconnected',
  error: 'Error',
};

const statusDot: Record<AiConnectionStatus, string> = {
  checking: 'bg-muted-foreground animate-pulse',
  connected: 'bg-success',
  disconnected: 'bg-muted-foreground',
  error: 'bg-destructive',
};

/** The AI connection: its status, where generations go, and the user's own key. */
export function AiSettingsPanel({ className }: { className?: string }) {
  const ai = useAIConnection();
  const [draft, setDraft] = useState('');
  const [formError, setFormError] = useState<string | undefined>();

  const save = (e: FormEvent) => {
    e.preventDefault();
    if (ai.setApiKey(draft)) {
      setDraft('');
      setFormError(undefined);
    } else {
      setFormError('Invalid API key format: an OpenAI key starts with “sk-” and is longer than 20 characters.');
    }
  };

  return (
    <Card className={className} aria-labelledby="ai-connection-heading">
      <CardHeader>
        <CardTitle id="ai-connection-heading" className="flex items-center gap-2">
          <Bot aria-hidden="true" className="size-5 text-primary" /> AI connection
        </CardTitle>
        <CardDescription>Where your ad copy is written.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex flex-wrap items-center gap-2" role="status" aria-label="AI connection status">
          <span aria-hidden="true" className={cn('size-2.5 rounded-full', statusDot[ai.connectionStatus])} />
          <span className="font-medium">{statusLabel[ai.connectionStatus]}</span>
          {ai.offlineModel && ai.connectionStatus === 'connected' ? (
            <Badge variant="outline">Offline demo model</Badge>
          ) : null}
        </div>
        <p className="text-sm text-muted-foreground">
          {ai.mode === 'own-key' && ai.apiKey
            ? `Using your own OpenAI key (${maskKey(ai.apiKey)}), straight from this browser.`
            : ai.mode === 'server' && ai.server
              ? ai.server.provider === 'offline-demo-model'
                ? `Using the offline demo model (${ai.server.model}): deterministic copy written on this machine, no key, no network.`
                : `Using ${ai.server.model} with the key configured on the server.`
              : ai.connectionStatus === 'checking'
                ? 'Testing the server’s AI connection…'
                : (ai.lastError ?? 'Not connected.')}
        </p>
        <Button
          size="sm"
          variant="outline"
          className="justify-self-start"
          onClick={() => void ai.refresh()}
          disabled={ai.loading}
        >
          Test connection
        </Button>

        <form onSubmit={save} className="grid gap-3 border-t pt-4" aria-label="Own OpenAI key">
          <FormField label="Your OpenAI API key (optional)" error={formError}>
            {(control) => (
              <Input
                {...control}
                type="password"
                autoComplete="off"
                spellCheck={false}
                placeholder={ai.apiKey ? maskKey(ai.apiKey) : 'sk-…'}
                value={draft}
                onChange={(e) => setDraft(e.target.value)}
              />
            )}
          </FormField>
          <Alert variant="warning" title="Your key stays in this browser">
            It is saved in this browser’s local storage and sent from here directly to OpenAI; Adsmith’s servers never
            see it. Anyone using this browser, or any script running on this page, could read it: use a key with a
            spending limit, and clear it on a shared computer.
          </Alert>
          <div className="flex gap-2">
            <Button type="submit" size="sm" disabled={!draft}>
              <KeyRound aria-hidden="true" /> Use my key
            </Button>
            <Button size="sm" variant="outline" onClick={() => ai.clearApiKey()} disabled={!ai.apiKey}>
              Clear my key
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
