import { agentSettingsRoutes as routes } from '@shared/function-routes/agent-settings';
import { createAccessToken, listAccessTokens, revokeAccessToken } from '../lib/agent/access-tokens';
import { dynamoDocumentClient } from '../lib/aws/dynamodb';
import { httpFunction, on } from '../lib/http/http-function';
import { tableName } from '../lib/table-name';
import {
  deleteAgentConversation,
  readAgentConversation,
  readAgentGuardrails,
  tokenOwner,
  updateAgentGuardrails,
} from './agent-settings';

const store = () => ({ doc: dynamoDocumentClient(), table: tableName('agentState') });
const tokens = () => ({ doc: dynamoDocumentClient(), table: tableName('agentAccessTokens') });

export const handler = httpFunction([
  on(routes.agentConversation, ({ user }) => readAgentConversation(user, store(), new Date())),
  on(routes.agentDeleteConversation, ({ user }) => deleteAgentConversation(user, store())),
  on(routes.agentGuardrails, ({ user }) => readAgentGuardrails(user, store())),
  on(routes.agentUpdateGuardrails, ({ user, body }) => updateAgentGuardrails(user, body, store())),
  on(routes.agentAccessTokens, ({ user }) => {
    const owner = tokenOwner(user);
    return listAccessTokens(tokens(), owner.workspaceId, owner.person);
  }),
  on(routes.agentCreateAccessToken, ({ user, body }) =>
    createAccessToken(tokens(), tokenOwner(user), body, new Date()),
  ),
  on(routes.agentRevokeAccessToken, ({ user, params }) =>
    revokeAccessToken(tokens(), tokenOwner(user), params.tokenId, new Date()),
  ),
]);
