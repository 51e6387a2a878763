import { WorkspaceIdSchema } from '@shared/workspace-roles';

/**
 * The workspace the person last chose in the switcher, remembered per person in this browser. Only a wish: the
 * API client sends it (X-Adsmith-Workspace) and the server checks it against their memberships on every request;
 * a refused or stale choice is forgotten and the server's default takes over.
 */
const keyOf = (userId: string) => `adsmith.workspace.${userId}`;

export function chosenWorkspace(userId: string): string | null {
  try {
    const parsed = WorkspaceIdSchema.safeParse(window.localStorage.getItem(keyOf(userId)));
    return parsed.success ? parsed.data : null;
  } catch {
    // Storage blocked (private mode, a sandboxed frame): the default workspace, as before switching existed.
    return null;
  }
}

export function rememberWorkspace(userId: string, workspaceId: string): void {
  try {
    window.localStorage.setItem(keyOf(userId), workspaceId);
  } catch {
    // Not remembered: the choice holds until the page reloads.
  }
}

export function forgetWorkspace(userId: string): void {
  try {
    window.localStorage.removeItem(keyOf(userId));
  } catch {
    // Nothing was stored.
  }
}

/** The `sub` of an access token (its payload, unverified: it only picks whose remembered choice to send). */
export function subOfAccessToken(token: string): string | null {
  try {
    const payload = token.split('.')[1] ?? '';
    const json: unknown = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')));
    const sub = (json as { sub?: unknown }).sub;
    return typeof sub === 'string' ? sub : null;
  } catch {
    return null;
  }
}
