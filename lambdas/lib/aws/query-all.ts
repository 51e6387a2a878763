import { paginateQuery, type DynamoDBDocumentClient, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';

/** Every item a query finds, page after page (DynamoDB answers at most 1 MB a page), through the SDK's paginator. */
export async function queryAll(
  doc: DynamoDBDocumentClient,
  input: Omit<QueryCommandInput, 'ExclusiveStartKey'>,
): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  for await (const page of paginateQuery({ client: doc }, input)) items.push(...(page.Items ?? []));
  return items;
}
