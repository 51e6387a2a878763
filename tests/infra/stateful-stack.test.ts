import { Match, type Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_BUS_BASE_NAME, EVENT_SOURCE } from '@shared/events';
import { OPERATORS_GROUP } from '@shared/operators';
import { passwordPolicy } from '@shared/password-policy';
import { secrets } from '@shared/secrets';
import { tables, type TableDeclaration } from '@shared/tables';
import { buildApp, resourcesOf, type BuiltApp, type CfnJson } from './support/build-app';
import { allowedActions, functionEnv, onlyLogicalId, roleStatements } from './support/template-queries';

/** The tables' and secrets' key: the one aliased `-data` (the Meta token key is apart). */
function dataKeyId(template: Template): string {
  const alias = resourcesOf(template, 'AWS::KMS::Alias').find(
    ([, a]) => a.Properties.AliasName === 'alias/adsmith-dev-data',
  );
  if (!alias) throw new Error('no data key alias');
  return (alias[1].Properties.TargetKeyId as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
}

describe('stateful stack (dev)', () => {
  let built: BuiltApp;
  let template: Template;

  beforeAll(() => {
    built = buildApp();
    template = built.templates.stateful;
  });
  afterAll(() => built?.cleanup());

  describe('user pool', () => {
    it('signs in by email, case-insensitively, with self sign-up and email verification', () => {
      template.hasResourceProperties('AWS::Cognito::UserPool', {
        UsernameAttributes: ['email'],
        UsernameConfiguration: { CaseSensitive: false },
        AutoVerifiedAttributes: ['email'],
        AdminCreateUserConfig: { AllowAdminCreateUserOnly: false },
        VerificationMessageTemplate: Match.objectLike({ DefaultEmailOption: 'CONFIRM_WITH_CODE' }),
        AccountRecoverySetting: { RecoveryMechanisms: [{ Name: 'verified_email', Priority: 1 }] },
      });
    });

    // Issue 25, requirement 11: the deployment's operators are a Cognito group, declared with the pool.
    it('declares the operators group the operator-only routes check', () => {
      template.hasResourceProperties('AWS::Cognito::UserPoolGroup', {
        GroupName: OPERATORS_GROUP,
        UserPoolId: Match.anyValue(),
      });
    });

    it('offers authenticator-app MFA to everyone (optional, TOTP only) and keeps an old email until the new one is verified', () => {
      template.hasResourceProperties('AWS::Cognito::UserPool', {
        MfaConfiguration: 'OPTIONAL',
        EnabledMfas: ['SOFTWARE_TOKEN_MFA'],
        UserAttributeUpdateSettings: { AttributesRequireVerificationBeforeUpdate: ['email'] },
      });
    });

    it('runs the Essentials plan without threat protection in dev (config cognitoThreatProtection: off)', () => {
      template.hasResourceProperties('AWS::Cognito::UserPool', {
        UserPoolTier: 'ESSENTIALS',
        UserPoolAddOns: Match.absent(),
      });
    });

    it('enforces the shared password policy', () => {
      template.hasResourceProperties('AWS::Cognito::UserPool', {
        Policies: {
          PasswordPolicy: {
            MinimumLength: passwordPolicy.minLength,
            RequireLowercase: passwordPolicy.requireLowercase,
            RequireUppercase: passwordPolicy.requireUppercase,
            RequireNumbers: passwordPolicy.requireDigits,
            RequireSymbols: passwordPolicy.requireSymbols,
            TemporaryPasswordValidityDays: 3,
          },
        },
      });
    });

    it('wires the custom-message, post-confirmation and pre sign-up triggers to our functions', () => {
      const [[, pool]] = resourcesOf(template, 'AWS::Cognito::UserPool') as [[string, CfnJson]];
      const lambdaConfig = pool.Properties.LambdaConfig;
      const functions = template.findResources('AWS::Lambda::Function');
      const nameOf = (ref: CfnJson) => functions[ref['Fn::GetAtt'][0]]?.Properties.FunctionName;
      expect(nameOf(lambdaConfig.CustomMessage)).toBe('adsmith-dev-auth-custom-message');
      expect(nameOf(lambdaConfig.PostConfirmation)).toBe('adsmith-dev-auth-post-confirmation');
      expect(nameOf(lambdaConfig.PreSignUp)).toBe('adsmith-dev-auth-pre-sign-up');
      // Cognito may invoke each trigger, and only from this pool.
      template.resourcePropertiesCountIs(
        'AWS::Lambda::Permission',
        { Principal: 'cognito-idp.amazonaws.com', SourceArn: { 'Fn::GetAtt': [Match.anyValue(), 'Arn'] } },
        3,
      );
    });

    it('is destroyable in dev (no deletion protection)', () => {
      template.hasResource('AWS::Cognito::UserPool', {
        DeletionPolicy: 'Delete',
        Properties: Match.objectLike({ DeletionProtection: 'INACTIVE' }),
      });
    });
  });

  describe('web app client', () => {
    it('is public (no secret) and allows SRP only (no password auth), no OAuth', () => {
      template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
        GenerateSecret: false,
        ExplicitAuthFlows: Match.arrayEquals(['ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH']),
        AllowedOAuthFlowsUserPoolClient: false,
        PreventUserExistenceErrors: 'ENABLED',
        EnableTokenRevocation: true,
      });
    });

    it('has short access/ID tokens and a 30-day refresh token', () => {
      template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
        AccessTokenValidity: 60,
        IdTokenValidity: 60,
        RefreshTokenValidity: 30 * 24 * 60,
        TokenValidityUnits: { AccessToken: 'minutes', IdToken: 'minutes', RefreshToken: 'minutes' },
      });
    });

    it('cannot write email_verified, nor name (display names change through PUT /api/me only)', () => {
      template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
        ClientName: 'web',
        WriteAttributes: Match.arrayEquals(['email']),
        ReadAttributes: Match.arrayEquals(['email', 'email_verified', 'name']),
      });
    });
  });

  describe('sign-up client', () => {
    it('may write the name at sign-up but has no sign-in flow, so it never issues a token', () => {
      const clients = resourcesOf(template, 'AWS::Cognito::UserPoolClient');
      expect(clients).toHaveLength(2);
      template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
        ClientName: 'web-sign-up',
        GenerateSecret: false,
        ExplicitAuthFlows: ['ALLOW_REFRESH_TOKEN_AUTH'],
        AllowedOAuthFlowsUserPoolClient: false,
        WriteAttributes: Match.arrayEquals(['email', 'name']),
      });
      // Only this client may write `name`.
      const nameWriters = clients.filter(([, c]) => (c.Properties.WriteAttributes ?? []).includes('name'));
      expect(nameWriters.map(([, c]) => c.Properties.ClientName)).toEqual(['web-sign-up']);
    });
  });

  describe('trigger functions', () => {
    it('give the custom-message trigger the site URL and no pool id (no cycle)', () => {
      const env = functionEnv(template, 'adsmith-dev-auth-custom-message');
      expect(env.SITE_URL).toBeDefined();
      expect(env.USER_POOL_ID).toBeUndefined();
      expect(JSON.stringify(env.SITE_URL)).toContain('https://');
    });

    it('let the post-confirmation trigger put events on the bus and nothing more', () => {
      const env = functionEnv(template, 'adsmith-dev-auth-post-confirmation');
      expect(env.EVENT_BUS_NAME).toEqual({ Ref: onlyLogicalId(template, 'AWS::Events::EventBus') });
      const statements = roleStatements(template, 'adsmith-dev-auth-post-confirmation');
      expect(statements).toContainEqual({
        Action: 'events:PutEvents',
        Effect: 'Allow',
        Resource: { 'Fn::GetAtt': [onlyLogicalId(template, 'AWS::Events::EventBus'), 'Arn'] },
      });
      expect(allowedActions(template, 'adsmith-dev-auth-post-confirmation')).toEqual(
        [
          'events:PutEvents',
          'logs:CreateLogStream',
          'logs:PutLogEvents',
          'xray:PutTelemetryRecords',
          'xray:PutTraceSegments',
        ].sort(),
      );
    });
  });

  describe('tables', () => {
    it('creates one table per entry of the tables table', () => {
      const names = resourcesOf(template, 'AWS::DynamoDB::Table').map(([, t]) => t.Properties.TableName);
      expect(names.sort()).toEqual(
        Object.values(tables)
          .map((t) => `adsmith-dev-${t.name}`)
          .sort(),
      );
    });

    it.each(Object.entries(tables as Record<string, TableDeclaration>))(
      '%s: on demand, PITR, customer-managed KMS, keys and TTL as declared',
      (_key, declaration) => {
        const keySchema: { AttributeName: string; KeyType: string }[] = [
          { AttributeName: declaration.partitionKey.name, KeyType: 'HASH' },
        ];
        if (declaration.sortKey) keySchema.push({ AttributeName: declaration.sortKey.name, KeyType: 'RANGE' });
        template.hasResourceProperties('AWS::DynamoDB::Table', {
          TableName: `adsmith-dev-${declaration.name}`,
          BillingMode: 'PAY_PER_REQUEST',
          PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
          SSESpecification: {
            SSEEnabled: true,
            SSEType: 'KMS',
            KMSMasterKeyId: { 'Fn::GetAtt': [dataKeyId(template), 'Arn'] },
          },
          KeySchema: keySchema,
          TimeToLiveSpecification: declaration.ttlAttribute
            ? { AttributeName: declaration.ttlAttribute, Enabled: true }
            : Match.absent(),
          GlobalSecondaryIndexes: declaration.globalIndexes
            ? declaration.globalIndexes.map((index) => Match.objectLike({ IndexName: index.name }))
            : Match.absent(),
        });
      },
    );

    it('uses a customer-managed key with rotation', () => {
      template.hasResourceProperties('AWS::KMS::Key', { EnableKeyRotation: true });
      template.hasResourceProperties('AWS::KMS::Alias', { AliasName: 'alias/adsmith-dev-data' });
    });

    it('has a separate rotating key for Meta tokens, encrypted field by field', () => {
      const alias = resourcesOf(template, 'AWS::KMS::Alias').find(
        ([, a]) => a.Properties.AliasName === 'alias/adsmith-dev-meta-tokens',
      );
      expect(alias).toBeDefined();
      const keyId = (alias![1].Properties.TargetKeyId as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
      expect(keyId).not.toBe(dataKeyId(template));
      expect(template.toJSON().Resources[keyId].Properties.EnableKeyRotation).toBe(true);
    });
  });

  describe('event bus', () => {
    it('is named from EVENT_BUS_BASE_NAME and the stage, with an archive of our events', () => {
      template.hasResourceProperties('AWS::Events::EventBus', { Name: `${EVENT_BUS_BASE_NAME}-dev` });
      template.hasResourceProperties('AWS::Events::Archive', {
        EventPattern: { source: [EVENT_SOURCE] },
        RetentionDays: 30,
      });
    });

    it('has no rules yet (delivery comes with the notification work)', () => {
      template.resourceCountIs('AWS::Events::Rule', 0);
    });
  });

  describe('event outbox', () => {
    const outboxTable = `adsmith-dev-${tables.eventOutbox.name}`;
    const outboxLogicalId = () =>
      resourcesOf(template, 'AWS::DynamoDB::Table').find(([, t]) => t.Properties.TableName === outboxTable)![0];

    it('streams new outbox rows (and only the outbox table has a stream)', () => {
      template.hasResourceProperties('AWS::DynamoDB::Table', {
        TableName: outboxTable,
        StreamSpecification: { StreamViewType: 'NEW_IMAGE' },
      });
      const streaming = resourcesOf(template, 'AWS::DynamoDB::Table')
        .filter(([, t]) => t.Properties.StreamSpecification)
        .map(([, t]) => t.Properties.TableName);
      expect(streaming).toEqual([outboxTable]);
    });

    it('pipes inserts from the stream to the bus, detail and type from the row, with a dead-letter queue', () => {
      const pipes = resourcesOf(template, 'AWS::Pipes::Pipe');
      expect(pipes).toHaveLength(1);
      const [[, pipe]] = pipes as [[string, CfnJson]];
      const props = pipe.Properties;
      expect(props.Source).toEqual({ 'Fn::GetAtt': [outboxLogicalId(), 'StreamArn'] });
      expect(props.Target['Fn::GetAtt'][1]).toBe('Arn');
      expect(template.toJSON().Resources[props.Target['Fn::GetAtt'][0]].Type).toBe('AWS::Events::EventBus');
      expect(JSON.parse(props.SourceParameters.FilterCriteria.Filters[0].Pattern)).toEqual({ eventName: ['INSERT'] });
      expect(props.SourceParameters.DynamoDBStreamParameters).toMatchObject({
        StartingPosition: 'TRIM_HORIZON',
      });
      const deadLetters = props.SourceParameters.DynamoDBStreamParameters.DeadLetterConfig.Arn['Fn::GetAtt'][0];
      expect(template.toJSON().Resources[deadLetters].Type).toBe('AWS::SQS::Queue');
      expect(props.SourceParameters.DynamoDBStreamParameters.MaximumRetryAttempts).toBeGreaterThan(0);
      expect(props.TargetParameters).toEqual({
        InputTemplate: '<$.dynamodb.NewImage.detail.S>',
        EventBridgeEventBusParameters: {
          DetailType: '$.dynamodb.NewImage.detail_type.S',
          Source: '$.dynamodb.NewImage.source.S',
        },
      });
    });

    it("gives the pipe's role exactly: read that stream, put on that bus, dead-letter to its queue", () => {
      const [[, pipe]] = resourcesOf(template, 'AWS::Pipes::Pipe') as [[string, CfnJson]];
      const roleId = pipe.Properties.RoleArn['Fn::GetAtt'][0];
      const role = template.toJSON().Resources[roleId];
      expect(role.Properties.AssumeRolePolicyDocument.Statement[0].Principal).toEqual({
        Service: 'pipes.amazonaws.com',
      });
      const statements = role.Properties.Policies.flatMap((p: CfnJson) => p.PolicyDocument.Statement) as CfnJson[];
      const byAction = (action: string) => statements.filter((s) => [s.Action].flat().includes(action));
      expect(byAction('dynamodb:GetRecords')[0].Resource).toEqual({
        'Fn::GetAtt': [outboxLogicalId(), 'StreamArn'],
      });
      expect([byAction('dynamodb:GetRecords')[0].Action].flat().sort()).toEqual([
        'dynamodb:DescribeStream',
        'dynamodb:GetRecords',
        'dynamodb:GetShardIterator',
        'dynamodb:ListStreams',
      ]);
      expect(byAction('events:PutEvents')).toHaveLength(1);
      expect(byAction('events:PutEvents')[0].Resource['Fn::GetAtt'][1]).toBe('Arn');
      expect(byAction('sqs:SendMessage')).toHaveLength(1);
      const all = statements.flatMap((s) => [s.Action].flat());
      expect(all.filter((a) => a.endsWith('*'))).toEqual([]);
      // KMS only through DynamoDB (the encrypted stream) and SQS (the encrypted dead letters).
      for (const s of statements.filter((st) => [st.Action].flat().some((a: string) => a.startsWith('kms:')))) {
        expect(s.Condition.StringEquals['kms:ViaService']).toBeDefined();
      }
    });
  });

  describe('secrets', () => {
    it('creates every secret of the secrets table but origin-verify (the edge stack’s), encrypted with the data key', () => {
      const found = resourcesOf(template, 'AWS::SecretsManager::Secret');
      expect(found.map(([, s]) => s.Properties.Name).sort()).toEqual(
        Object.values(secrets)
          .filter((s) => s.name !== secrets.originVerify.name)
          .map((s) => `adsmith/dev/${s.name}`)
          .sort(),
      );
      for (const [, secret] of found) {
        expect(secret.Properties.KmsKeyId).toEqual({ 'Fn::GetAtt': [dataKeyId(template), 'Arn'] });
      }
    });

    it('generates the OAuth state key, the share-link key and the chat address salt in Secrets Manager', () => {
      for (const name of ['oauth-state-key', 'mmm-share-key', 'chat-address-salt']) {
        template.hasResourceProperties('AWS::SecretsManager::Secret', {
          Name: `adsmith/dev/${name}`,
          GenerateSecretString: Match.objectLike({ GenerateStringKey: 'key', PasswordLength: 64 }),
          SecretString: Match.absent(),
        });
      }
    });

    it('holds only empty placeholders in the template, never values', () => {
      for (const [, secret] of resourcesOf(template, 'AWS::SecretsManager::Secret')) {
        const value = secret.Properties.SecretString;
        if (value === undefined) continue;
        const placeholder = JSON.parse(value) as Record<string, unknown>;
        expect(Object.values(placeholder).every((field) => field === '')).toBe(true);
      }
    });
  });

  describe('outputs', () => {
    it('exposes the pool, the client, the bus and the secrets to fill', () => {
      template.hasOutput('UserPoolId', Match.anyValue());
      template.hasOutput('UserPoolClientId', Match.anyValue());
      template.hasOutput('EventBusName', Match.anyValue());
      template.hasOutput('SecretsToFill', {
        Value: 'adsmith/dev/meta-app,adsmith/dev/openai,adsmith/dev/notifications,adsmith/dev/stripe',
      });
    });
  });
});

describe('stateful stack (prod)', () => {
  let built: BuiltApp;
  beforeAll(() => {
    built = buildApp({ context: { stage: 'prod' } });
  });
  afterAll(() => built?.cleanup());

  it('turns Cognito threat protection on, enforced (the Plus plan)', () => {
    built.templates.stateful.hasResourceProperties('AWS::Cognito::UserPool', {
      UserPoolTier: 'PLUS',
      UserPoolAddOns: { AdvancedSecurityMode: 'ENFORCED' },
      MfaConfiguration: 'OPTIONAL',
    });
  });

  it('retains and protects the user pool, tables, key and secrets', () => {
    const template = built.templates.stateful;
    template.hasResource('AWS::Cognito::UserPool', {
      DeletionPolicy: 'Retain',
      Properties: Match.objectLike({ DeletionProtection: 'ACTIVE' }),
    });
    for (const [, table] of Object.entries(template.findResources('AWS::DynamoDB::Table'))) {
      expect(table.DeletionPolicy).toBe('Retain');
      expect(table.Properties.DeletionProtectionEnabled).toBe(true);
    }
    template.hasResource('AWS::KMS::Key', { DeletionPolicy: 'Retain' });
    for (const [, secret] of Object.entries(template.findResources('AWS::SecretsManager::Secret'))) {
      expect(secret.DeletionPolicy).toBe('Retain');
    }
  });
});
