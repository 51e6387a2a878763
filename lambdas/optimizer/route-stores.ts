import { dynamoDocumentClient } from '../lib/aws/dynamodb';
import { tableName } from '../lib/table-name';

/** The tables the optimizer's routes share (each route module in route-*.ts, loaded on its first request). */
export const store = () => ({ doc: dynamoDocumentClient(), table: tableName('optimizerRecommendations') });
export const approvals = () => ({ doc: dynamoDocumentClient(), table: tableName('approvals') });
