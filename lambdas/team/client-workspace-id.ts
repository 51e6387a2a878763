import { monotonicFactory } from 'ulid';
import { CLIENT_WORKSPACE_PREFIX } from '@shared/workspace-roles';

const nextUlid = monotonicFactory();

/** A new client workspace's id: `ws_` and a ULID (time-ordered, 80 random bits: unguessable and unique). */
export function newClientWorkspaceId(now: Date): string {
  return `${CLIENT_WORKSPACE_PREFIX}${nextUlid(now.getTime())}`;
}
