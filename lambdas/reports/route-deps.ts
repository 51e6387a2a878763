import { dynamoDocumentClient } from '../lib/aws/dynamodb';
import { tableName } from '../lib/table-name';

/** The reports table, as every route of the function (route-*.ts, each loaded on its first request) has it. */
export const store = () => ({ doc: dynamoDocumentClient(), table: tableName('reports') });
