import { agentSettingsRoutes as routes } from '@shared/function-routes/agent-settings';
import { dynamoDocumentClient } from '../lib/aws/dynamodb';
import { httpFunction, on } from '../lib/http/http-function';
import { tableName } from '../lib/table-name';
import {
  deleteAgentConversation,
  readAgentConversation,
  readAgentGuardrails,
  updateAgentGuardrails,
} from './agent-settings';

const store = () => ({ doc: dynamoDocumentClient(), table: tableName('agentState') });

export const handler = httpFunction([
  on(routes.agentConversation, ({ user }) => readAgentConversation(user, store(), new Date())),
  on(routes.agentDeleteConversation, ({ user }) => deleteAgentConversation(user, store())),
  on(routes.agentGuardrails, ({ user }) => readAgentGuardrails(user, store())),
  on(routes.agentUpdateGuardrails, ({ user, body }) => updateAgentGuardrails(user, body, store())),
]);
