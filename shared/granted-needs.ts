import { functionDeclaration, type FunctionDeclaration, type FunctionName, type TableNeed } from './functions';
import { moneyMovingFunctionNames, workspaceFunctionNames } from './routes';

/**
 * The membership lookup: a function serving a signed-in route keyed by the workspace (shared/routes.ts) queries
 * its user's rows in `workspace_memberships` once per request (lambdas/lib/team), so it may Query there (its own
 * partition: the key condition is the caller's sub) and nothing more, whatever its entry declares. An entry that
 * declares its own need on the table (team) keeps it.
 */
export const WORKSPACE_MEMBERSHIP_NEED: TableNeed = { actions: ['Query'] };

/**
 * A function's needs as CDK grants them and the twin provides them: its entry, plus the membership lookup
 * its routes imply, and the strong sign-in setting when one of its routes moves money. Both read this, so the grant cannot drift between AWS and the twin.
 */
export function grantedNeeds(name: FunctionName): FunctionDeclaration {
  const declared = functionDeclaration(name);
  const resolvesWorkspace = (workspaceFunctionNames() as FunctionName[]).includes(name);
  const movesMoney = (moneyMovingFunctionNames() as FunctionName[]).includes(name);
  const needs: FunctionDeclaration = movesMoney ? { ...declared, strongSignIn: true } : declared;
  if (!resolvesWorkspace || needs.tables?.workspaceMemberships) return needs;
  return { ...needs, tables: { ...needs.tables, workspaceMemberships: WORKSPACE_MEMBERSHIP_NEED } };
}
