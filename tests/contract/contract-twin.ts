import { inject } from 'vitest';
import type { ContractTwin } from './global-setup';

/** The stand-ins' endpoints; fails at once, with the reason, when global setup did not start them. */
export function contractTwin(): ContractTwin {
  const endpoints = inject('contractTwin');
  if (!endpoints?.meta)
    throw new Error('The stand-ins are not running: run these tests with `vitest --project contract`.');
  return endpoints;
}
