import type { ScreenKey } from '@shared/screens';
import type { WorkspaceRole } from '@shared/workspace-roles';

/**
 * The screens a read-only client sees: dashboards, reports and approvals (issue 28, req 1). The web only hides
 * the rest; the server refuses a client every route not declared theirs (shared/workspace-roles.ts).
 */
const CLIENT_SCREENS: ReadonlySet<ScreenKey> = new Set<ScreenKey>([
  'dashboard',
  'campaigns',
  'optimizer',
  'optimizerApplied',
  'marketingMix',
  'marketingMixReport',
  'reports',
  'approvals',
]);

/** Screens only of use to someone in several workspaces (the overview compares them). */
const SEVERAL_WORKSPACE_SCREENS: ReadonlySet<ScreenKey> = new Set<ScreenKey>(['agencyOverview']);

/** Whether `role` has any use for the screen: everyone but a client sees every screen. */
export function seesScreen(role: WorkspaceRole, screen: ScreenKey, workspaces = 1): boolean {
  if (SEVERAL_WORKSPACE_SCREENS.has(screen) && workspaces < 2) return false;
  return role !== 'client' || CLIENT_SCREENS.has(screen);
}
