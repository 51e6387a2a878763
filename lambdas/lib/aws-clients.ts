import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { EventBridgeClient } from '@aws-sdk/client-eventbridge';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { tracer } from './observability';

/**
 * AWS SDK clients, one per container, created on first use. Endpoints come only
 * from the SDK's standard variables (AWS_ENDPOINT_URL_DYNAMODB, ...), so the same
 * code talks to AWS in the cloud and to the local twin on a laptop.
 */
let documentClient: DynamoDBDocumentClient | undefined;
let eventBridge: EventBridgeClient | undefined;
let cognito: CognitoIdentityProviderClient | undefined;

export function dynamoDocumentClient(): DynamoDBDocumentClient {
  documentClient ??= DynamoDBDocumentClient.from(tracer.captureAWSv3Client(new DynamoDBClient({})), {
    marshallOptions: { removeUndefinedValues: true },
  });
  return documentClient;
}

export function eventBridgeClient(): EventBridgeClient {
  eventBridge ??= tracer.captureAWSv3Client(new EventBridgeClient({}));
  return eventBridge;
}

export function cognitoClient(): CognitoIdentityProviderClient {
  cognito ??= tracer.captureAWSv3Client(new CognitoIdentityProviderClient({}));
  return cognito;
}
