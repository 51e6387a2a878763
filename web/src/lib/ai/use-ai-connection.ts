import { useContext } from 'react';
import {
  AI_CONTEXT_OUTSIDE_PROVIDER,
  AiConnectionContext,
  type AiConnectionContextValue,
} from './ai-connection-context';

/** The AI context hook must be used inside its provider. */
export function useAIConnection(): AiConnectionContextValue {
  const value = useContext(AiConnectionContext);
  if (!value) throw new Error(AI_CONTEXT_OUTSIDE_PROVIDER);
  return value;
}
