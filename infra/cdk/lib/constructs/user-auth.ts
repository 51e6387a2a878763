import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import {
  AccountRecovery,
  CfnUserPoolGroup,
  ClientAttributes,
  FeaturePlan,
  Mfa,
  StandardThreatProtectionMode,
  UserPool,
  type UserPoolClient,
  UserPoolEmail,
  VerificationEmailStyle,
} from 'aws-cdk-lib/aws-cognito';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';
import { OPERATORS_GROUP } from '@shared/operators';
import { passwordPolicy } from '@shared/password-policy';

export interface UserAuthProps {
  /** Physical name prefix, e.g. `adsmith-dev`. */
  readonly namePrefix: string;
  /** Turns verification and reset codes into links back to the site. */
  readonly customMessageTrigger: IFunction;
  /** Announces a confirmed signup on the event bus. */
  readonly postConfirmationTrigger: IFunction;
  /** Refuses a sign-up whose display name (`name`) breaks the shared rule. */
  readonly preSignUpTrigger: IFunction;
  /** RETAIN also turns on deletion protection: users cannot be recreated. */
  readonly removalPolicy: RemovalPolicy;
  /** Access and ID token lifetime. @default Duration.hours(1) */
  readonly tokenValidity?: Duration;
  /** Refresh token lifetime, i.e. how long a browser stays signed in. @default Duration.days(30) */
  readonly refreshTokenValidity?: Duration;
  /**
   * Cognito threat protection, enforced: the Plus feature plan (billed per monthly active user, docs/deploying.md).
   * @default false (Essentials)
   */
  readonly threatProtection?: boolean;
}

/**
 * The Cognito user pool and the SPA's app client. Email is the user name
 * (case-insensitive), people sign themselves up and verify their email through
 * a link (the custom-message trigger builds it from the code Cognito generates),
 * and the password policy is the shared one the web and the local twin also use.
 */
export class UserAuth extends Construct {
  readonly userPool: UserPool;
  readonly webClient: UserPoolClient;
  /** Used only to sign up: may write `name` (checked by the pre sign-up trigger), cannot sign anyone in. */
  readonly signUpClient: UserPoolClient;

  constructor(scope: Construct, id: string, props: UserAuthProps) {
    super(scope, id);
    const retain = props.removalPolicy === RemovalPolicy.RETAIN;

    this.userPool = new UserPool(this, 'UserPool', {
      userPoolName: `${props.namePrefix}-users`,
      signInAliases: { email: true },
      signInCaseSensitive: false,
      selfSignUpEnabled: true,
      autoVerify: { email: true },
      // An email change takes effect only once the new address is verified.
      keepOriginal: { email: true },
      // CODE, not LINK: Cognito's LINK points at its hosted domain; our trigger wraps the code in a site link.
      userVerification: { emailStyle: VerificationEmailStyle.CODE },
      standardAttributes: {
        email: { required: true, mutable: true },
        fullname: { required: false, mutable: true },
      },
      passwordPolicy: {
        minLength: passwordPolicy.minLength,
        requireLowercase: passwordPolicy.requireLowercase,
        requireUppercase: passwordPolicy.requireUppercase,
        requireDigits: passwordPolicy.requireDigits,
        requireSymbols: passwordPolicy.requireSymbols,
        tempPasswordValidity: Duration.days(3),
      },
      accountRecovery: AccountRecovery.EMAIL_ONLY,
      // Authenticator apps (TOTP) for whoever turns them on in settings; no SMS (cost, SIM swapping).
      mfa: Mfa.OPTIONAL,
      mfaSecondFactor: { otp: true, sms: false },
      ...(props.threatProtection
        ? { featurePlan: FeaturePlan.PLUS, standardThreatProtectionMode: StandardThreatProtectionMode.FULL_FUNCTION }
        : { featurePlan: FeaturePlan.ESSENTIALS }),
      // Cognito's own mailer (50 emails a day); switch to UserPoolEmail.withSES before launch.
      email: UserPoolEmail.withCognito(),
      lambdaTriggers: {
        customMessage: props.customMessageTrigger,
        postConfirmation: props.postConfirmationTrigger,
        preSignUp: props.preSignUpTrigger,
      },
      deletionProtection: retain,
      removalPolicy: props.removalPolicy,
    });

    // The deployment's operators (shared/operators.ts): members reach the operator-only routes and pages. Someone is
    // added after deploy with `npm run operators:add -- <email>` (infra/scripts/add-operator.ts).
    new CfnUserPoolGroup(this, 'OperatorsGroup', {
      userPoolId: this.userPool.userPoolId,
      groupName: OPERATORS_GROUP,
      description: 'Operators of this deployment: its notifications page, delivery log and test sends.',
    });

    const profileAttributes = new ClientAttributes().withStandardAttributes({ email: true, fullname: true });
    /*
     * `name` (the display name others see) changes only through PUT /api/me, which validates it: the
     * client that issues the browser's tokens cannot write it, so UpdateUserAttributes with a raw name
     * is refused. SignUp checks the same write attributes, so signing up with a name goes through a
     * second client that may write it (the pre sign-up trigger validates it) but has no sign-in flow,
     * hence never issues a token that UpdateUserAttributes would accept.
     */
    this.signUpClient = this.userPool.addClient('SignUpClient', {
      userPoolClientName: 'web-sign-up',
      generateSecret: false,
      // Only refresh, which needs a refresh token this client can never issue: no sign-in at all.
      authFlows: { userPassword: false },
      disableOAuth: true,
      preventUserExistenceErrors: true,
      readAttributes: profileAttributes.withStandardAttributes({ emailVerified: true }),
      writeAttributes: profileAttributes,
    });
    this.webClient = this.userPool.addClient('WebClient', {
      userPoolClientName: 'web',
      // A browser cannot keep a secret.
      generateSecret: false,
      // SRP only: the password never leaves the browser. USER_PASSWORD_AUTH is allowed only on the
      // twin's own client (cognito-local cannot do SRP; see infra/twin/cognito/provision-user-pool.ts).
      authFlows: { userSrp: true },
      // The SPA has its own sign-in screens; no hosted UI, so no OAuth flows.
      disableOAuth: true,
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
      accessTokenValidity: props.tokenValidity ?? Duration.hours(1),
      idTokenValidity: props.tokenValidity ?? Duration.hours(1),
      refreshTokenValidity: props.refreshTokenValidity ?? Duration.days(30),
      readAttributes: profileAttributes.withStandardAttributes({ emailVerified: true }),
      // Neither email_verified nor name is writable by the client (name: see the sign-up client above).
      writeAttributes: new ClientAttributes().withStandardAttributes({ email: true }),
    });

    Validations.of(this.userPool).acknowledge({
      id: 'AwsSolutions-COG2',
      reason:
        'MFA is OPTIONAL on purpose: every user can turn on an authenticator app (TOTP) in settings, and required MFA would lock out every marketer without one at their next sign-in. SMS is off (cost, SIM swapping).',
    });
    if (!props.threatProtection) {
      Validations.of(this.userPool).acknowledge({
        id: 'AwsSolutions-COG8',
        reason:
          'This stage runs the Essentials plan on purpose (config cognitoThreatProtection: off): Plus is billed per monthly active user; prod turns it on.',
      });
      Validations.of(this.userPool).acknowledge({
        id: 'AwsSolutions-COG3',
        reason:
          'Threat protection needs the Plus plan, off on this stage by config (cognitoThreatProtection; prod has it on). Passwords follow a strong policy, MFA is available to everyone, and the Cognito request quotas apply.',
      });
    }
  }
}
