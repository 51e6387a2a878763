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
  'approvals',
]);

/** Whether `role` has any use for the screen: everyone but a client sees every screen. */
export function seesScreen(role: WorkspaceRole, screen: ScreenKey): boolean {
  return role !== 'client' || CLIENT_SCREENS.has(screen);
}
