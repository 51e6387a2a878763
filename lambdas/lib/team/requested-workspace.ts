import { WORKSPACE_HEADER, WorkspaceIdSchema } from '@shared/workspace-roles';
import { validationError } from '../errors';

/**
 * The workspace a request names in its X-Adsmith-Workspace header (the web's switcher), or undefined when it
 * names none. Only its shape is checked here; whether the caller belongs to it is resolveWorkspace's to decide.
 */
export function requestedWorkspace(headers: Record<string, string | undefined> | undefined): string | undefined {
  const raw = Object.entries(headers ?? {}).find(([name]) => name.toLowerCase() === WORKSPACE_HEADER)?.[1];
  if (raw === undefined || raw.trim() === '') return undefined;
  const parsed = WorkspaceIdSchema.safeParse(raw);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? 'The workspace header must be a workspace id.';
    throw validationError(message, { [WORKSPACE_HEADER]: message });
  }
  return parsed.data;
}
