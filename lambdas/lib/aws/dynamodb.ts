import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { tracer } from '../observability';

let documentClient: DynamoDBDocumentClient | undefined;

/**
 * One DynamoDB document client per container, created on first use. Like every
 * AWS client here, its endpoint comes only from the SDK's standard variables
 * (AWS_ENDPOINT_URL_DYNAMODB), so the same code runs in AWS and on the twin.
 * One module per client, so a function loads only the SDKs it uses.
 */
export function dynamoDocumentClient(): DynamoDBDocumentClient {
  documentClient ??= DynamoDBDocumentClient.from(tracer.captureAWSv3Client(new DynamoDBClient({})), {
    marshallOptions: { removeUndefinedValues: true },
  });
  return documentClient;
}
