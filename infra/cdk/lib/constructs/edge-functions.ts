import { Stack } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { FunctionUrlAuthType, InvokeMode, type IFunctionUrl } from 'aws-cdk-lib/aws-lambda';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { Secret, type ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import type { FunctionDeclaration, NeedKind } from '@shared/functions';
import { kmsAliasName, kmsKeyEnvVar, kmsKeys, type KmsKeyName } from '@shared/kms-keys';
import { secrets as secretsTable, type SecretKey } from '@shared/secrets';
import { tableFunctions, type AppFunction, type FunctionSettings } from './app-function';
import { secretNamePrefix } from './app-secrets';
import { dataKeyAliasName, importDataTables } from './data-tables';

/** The needs an edge function may declare: each has a name to find it by before the stateful stack exists. */
const NEEDS_FOUND_BY_NAME: ReadonlySet<NeedKind> = new Set([
  'tables',
  'secrets',
  'userTokens',
  'ai',
  'aiLimitOverride',
  'kmsKeys',
]);
const WRITE_ACTIONS: ReadonlySet<string> = new Set(['PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem']);

export interface EdgeFunctionsProps {
  /** The `edge: true` entries of shared/functions.ts to deploy. */
  readonly entries: Record<string, FunctionDeclaration>;
  readonly settings: FunctionSettings;
  readonly stage: string;
  /** The site bucket (by name) and the key of the SPA's runtime config, where the user pool's ids are found. */
  readonly webConfig: { bucket: IBucket; key: string };
}

/**
 * The functions CloudFront fronts by their function URLs (the streaming routes), in the edge stack with the
 * distribution: a URL is an origin of the distribution, and a distribution in the edge stack cannot wait for
 * anything deployed after it (the stateful stack needs the site URL for its emails). So these functions hold
 * no reference to a later stack: tables and secrets are imported by their names, the key that encrypts both is
 * used by its alias (kms:ResourceAliases, through DynamoDB or Secrets Manager only), a field-encryption key of
 * shared/kms-keys.ts by its alias too (its alias ARN as the key id, its encryption context required), and the
 * user pool's ids are read at run time from the site's config.json, which the stateless stack writes.
 *
 * Each function gets a URL with auth type AWS_IAM in RESPONSE_STREAM mode: only CloudFront, signing with
 * origin access control, can call it.
 */
export class EdgeFunctions extends Construct {
  readonly functions: Record<string, AppFunction>;
  readonly urls: Record<string, IFunctionUrl>;

  constructor(scope: Construct, id: string, props: EdgeFunctionsProps) {
    super(scope, id);
    const { namePrefix } = props.settings;
    for (const [name, entry] of Object.entries(props.entries)) {
      const unreachable = (Object.keys(entry) as (keyof FunctionDeclaration)[]).filter(
        (field) => isNeed(field) && !NEEDS_FOUND_BY_NAME.has(field),
      );
      if (unreachable.length > 0) {
        throw new Error(`${name} is an edge function, but the edge stack cannot give it: ${unreachable.join(', ')}`);
      }
    }

    const secretKeys = [...new Set(Object.values(props.entries).flatMap((entry) => entry.secrets ?? []))];
    const secrets = Object.fromEntries(
      secretKeys.map((key): [SecretKey, ISecret] => [
        key,
        Secret.fromSecretNameV2(this, `Secret-${key}`, `${secretNamePrefix(props.stage)}/${secretsTable[key].name}`),
      ]),
    );

    // Field-encryption keys are bound below, by alias: the common binder needs the key itself.
    const withoutKeys = Object.fromEntries(
      Object.entries(props.entries).map(([name, entry]) => [name, { ...entry, kmsKeys: undefined }]),
    );
    this.functions = tableFunctions(this, withoutKeys, props.settings, {
      tables: importDataTables(this, namePrefix, undefined),
      secrets,
      userTokensWebConfig: props.webConfig,
    });

    const { region, urlSuffix } = Stack.of(this);
    const dataKeys = Stack.of(this).formatArn({ service: 'kms', resource: 'key', resourceName: '*' });
    const byAlias = { 'ForAnyValue:StringEquals': { 'kms:ResourceAliases': dataKeyAliasName(namePrefix) } };
    this.urls = {};
    for (const [name, fn] of Object.entries(this.functions)) {
      const entry = props.entries[name]!;
      const tableActions = Object.values(entry.tables ?? {}).flatMap((need) => need?.actions ?? []);
      if (tableActions.length > 0) {
        const writes = tableActions.some((action) => WRITE_ACTIONS.has(action));
        fn.role.addToPrincipalPolicy(
          new PolicyStatement({
            actions: writes
              ? ['kms:Decrypt', 'kms:Encrypt', 'kms:ReEncrypt*', 'kms:GenerateDataKey*']
              : ['kms:Decrypt'],
            resources: [dataKeys],
            conditions: { ...byAlias, StringEquals: { 'kms:ViaService': `dynamodb.${region}.${urlSuffix}` } },
          }),
        );
      }
      for (const [key, actions] of Object.entries(entry.kmsKeys ?? {}) as [KmsKeyName, readonly string[]][]) {
        // KMS takes an alias ARN as the key id; the grant names any key of the account but holds only for the one
        // behind the stage's alias, and only when every call carries the key's encryption context (as CDK's
        // bindKmsKey requires of the stateless functions).
        const alias = kmsAliasName(namePrefix, key);
        fn.function.addEnvironment(
          kmsKeyEnvVar(key),
          Stack.of(this).formatArn({ service: 'kms', resource: 'alias', resourceName: alias.slice('alias/'.length) }),
        );
        const contextKeys = [...kmsKeys[key].encryptionContextKeys];
        fn.role.addToPrincipalPolicy(
          new PolicyStatement({
            actions: [...actions],
            resources: [dataKeys],
            conditions: {
              'ForAnyValue:StringEquals': { 'kms:ResourceAliases': alias },
              'ForAllValues:StringEquals': { 'kms:EncryptionContextKeys': contextKeys },
              Null: Object.fromEntries(contextKeys.map((name) => [`kms:EncryptionContext:${name}`, 'false'])),
            },
          }),
        );
      }
      if (entry.secrets?.length) {
        fn.role.addToPrincipalPolicy(
          new PolicyStatement({
            actions: ['kms:Decrypt'],
            resources: [dataKeys],
            conditions: { ...byAlias, StringEquals: { 'kms:ViaService': `secretsmanager.${region}.${urlSuffix}` } },
          }),
        );
      }
      this.urls[name] = fn.function.addFunctionUrl({
        authType: FunctionUrlAuthType.AWS_IAM,
        invokeMode: InvokeMode.RESPONSE_STREAM,
      });
    }
  }
}

const DECLARATION_FIELDS: ReadonlySet<string> = new Set([
  'description',
  'cognitoTrigger',
  'memorySize',
  'timeoutSeconds',
  'reservedConcurrency',
  'bundledFiles',
  'edge',
]);

function isNeed(field: string): field is NeedKind {
  return !DECLARATION_FIELDS.has(field);
}
