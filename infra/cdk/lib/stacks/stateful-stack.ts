import { CfnOutput, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { Key } from 'aws-cdk-lib/aws-kms';
import { kmsAliasName, kmsKeys, type KmsKeyName } from '@shared/kms-keys';
import type { Construct } from 'constructs';
import { EVENT_BUS_BASE_NAME } from '@shared/events';
import { functions, triggerFunction, triggerFunctionNames, type FunctionDeclaration } from '@shared/functions';
import type { AppConfig } from '../../config';
import { AppEventBus } from '../constructs/app-event-bus';
import { tableFunctions } from '../constructs/app-function';
import { AppSecrets, secretNamePrefix } from '../constructs/app-secrets';
import { AssetBuckets } from '../constructs/asset-buckets';
import { DataTables, dataKeyAliasName } from '../constructs/data-tables';
import { OutboxPipe } from '../constructs/outbox-pipe';
import { UserAuth } from '../constructs/user-auth';

export interface StatefulStackProps extends StackProps {
  readonly config: AppConfig;
  /** Physical name prefix, e.g. `adsmith-dev`. */
  readonly namePrefix: string;
  /** Where verification links point (from the edge stack, or the custom domain). */
  readonly siteUrl: string;
}

/**
 * Everything that holds data or identity and must survive redeploys: the KMS
 * key, the tables, the secrets, the event bus and the user pool. In prod all of
 * it is retained (and tables and pool are deletion-protected) when the stack is
 * deleted; dev is disposable. The two Cognito trigger functions live here too,
 * because the pool references them; they need only the site URL and the bus.
 */
export class StatefulStack extends Stack {
  readonly encryptionKey: Key;
  /** Field-encryption keys of shared/kms-keys.ts (Meta tokens), apart from the tables' key. */
  readonly fieldKeys: Record<KmsKeyName, Key>;
  readonly tables: DataTables;
  readonly secrets: AppSecrets;
  readonly eventBus: AppEventBus;
  readonly outboxPipe: OutboxPipe;
  readonly auth: UserAuth;
  /** The buckets of shared/buckets.ts (graphics assets). */
  readonly buckets: AssetBuckets;

  constructor(scope: Construct, id: string, props: StatefulStackProps) {
    super(scope, id, props);
    const { config, namePrefix } = props;
    const removalPolicy = config.settings.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;

    this.encryptionKey = new Key(this, 'DataKey', {
      alias: dataKeyAliasName(namePrefix),
      description: `Adsmith ${config.stage}: encrypts tables (Meta tokens) and secrets`,
      enableKeyRotation: true,
      pendingWindow: Duration.days(config.settings.retainData ? 30 : 7),
      removalPolicy,
    });

    // A table read (or a backup) with the data key alone still yields no token: tokens need this key too.
    this.fieldKeys = Object.fromEntries(
      (Object.keys(kmsKeys) as KmsKeyName[]).map((key) => [
        key,
        new Key(this, `${key.charAt(0).toUpperCase()}${key.slice(1)}Key`, {
          alias: kmsAliasName(namePrefix, key),
          description: `Adsmith ${config.stage}: ${kmsKeys[key].description}`,
          enableKeyRotation: true,
          pendingWindow: Duration.days(config.settings.retainData ? 30 : 7),
          removalPolicy,
        }),
      ]),
    ) as Record<KmsKeyName, Key>;

    this.tables = new DataTables(this, 'Tables', { namePrefix, encryptionKey: this.encryptionKey, removalPolicy });

    this.buckets = new AssetBuckets(this, 'Buckets', { namePrefix, siteUrl: props.siteUrl, removalPolicy });

    this.secrets = new AppSecrets(this, 'Secrets', {
      namePrefix: secretNamePrefix(config.stage),
      encryptionKey: this.encryptionKey,
      removalPolicy,
    });

    this.eventBus = new AppEventBus(this, 'Events', {
      eventBusName: `${EVENT_BUS_BASE_NAME}-${config.stage}`,
      archiveRetention: Duration.days(config.settings.retainData ? 365 : 30),
    });

    // Events functions wrote to the outbox reach the bus even when EventBridge failed at the time.
    this.outboxPipe = new OutboxPipe(this, 'EventOutbox', {
      outbox: this.tables.byKey.eventOutbox,
      bus: this.eventBus.bus,
      encryptionKey: this.encryptionKey,
      namePrefix,
    });

    const triggers = tableFunctions(
      this,
      Object.fromEntries(triggerFunctionNames().map((name): [string, FunctionDeclaration] => [name, functions[name]])),
      { namePrefix, logRetention: config.settings.logRetention, retainLogs: config.settings.retainData },
      { eventBus: this.eventBus.bus, siteUrl: props.siteUrl },
    );

    this.auth = new UserAuth(this, 'Auth', {
      namePrefix,
      customMessageTrigger: triggers[triggerFunction('customMessage')]!.function,
      postConfirmationTrigger: triggers[triggerFunction('postConfirmation')]!.function,
      preSignUpTrigger: triggers[triggerFunction('preSignUp')]!.function,
      removalPolicy,
      threatProtection: config.settings.cognitoThreatProtection,
    });

    new CfnOutput(this, 'UserPoolId', { value: this.auth.userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: this.auth.webClient.userPoolClientId });
    new CfnOutput(this, 'SignUpClientId', { value: this.auth.signUpClient.userPoolClientId });
    new CfnOutput(this, 'EventBusName', { value: this.eventBus.bus.eventBusName });
    new CfnOutput(this, 'SecretsToFill', {
      value: this.secrets.namesToFill.join(','),
      description: 'Secrets Manager secrets an operator fills after the first deploy (put-secret-value)',
    });
  }
}
