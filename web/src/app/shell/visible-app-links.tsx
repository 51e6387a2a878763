import type { ReactNode } from 'react';
import { useWorkspaceRole } from '../../lib/team/workspace-role';
import { seesScreen } from '../../lib/workspace/client-screens';
import { useWorkspaces } from '../../lib/workspace/use-workspaces';
import { appLinks } from './nav-links';

type AppLink = (typeof appLinks)[number];

/**
 * The app's links the person has a use for in the workspace they work in: a read-only client is not shown the
 * screens they cannot use (the server refuses them anyway). Loaded for signed-in visitors only.
 */
export function VisibleAppLinks({ children }: { children: (links: AppLink[]) => ReactNode }) {
  const { role } = useWorkspaceRole();
  const count = useWorkspaces().data?.workspaces.length ?? 1;
  return <>{children(appLinks.filter((link) => seesScreen(role, link.key, count)))}</>;
}
