import { createContext } from 'react';
import type { OwnKeyClient } from './openai-direct';

export type AiConnectionStatus = 'checking' | 'connected' | 'disconnected' | 'error';

/** Where generations go: the server's key (through our API) or the user's own key (browser to OpenAI). */
export type AiMode = 'server' | 'own-key';

/** The AI connection context: client, apiKey, isConfigured, loading, connectionStatus, setters, refresh. */
export interface AiConnectionContextValue {
  /** The own-key client when the user set a key; null when generations go through the server. */
  client: OwnKeyClient | null;
  apiKey: string | null;
  isConfigured: boolean;
  loading: boolean;
  connectionStatus: AiConnectionStatus;
  mode: AiMode | null;
  /** The server's answer to the last connection test (model, provider), when it succeeded. */
  server: { model: string; provider: string; key: string } | null;
  /** True when the offline demo model answers (the UI says so). */
  offlineModel: boolean;
  /** Why the last check or key failed, in words for people. */
  lastError: string | null;
  /** Sets an own key; false (status error) when its format is invalid. */
  setApiKey: (key: string) => boolean;
  clearApiKey: () => void;
  refresh: () => Promise<void>;
}

export const AiConnectionContext = createContext<AiConnectionContextValue | null>(null);

export const AI_CONTEXT_OUTSIDE_PROVIDER = 'useAIConnection must be used within an AIConnectionProvider';
