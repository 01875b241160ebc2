import { Duration, Stack } from 'aws-cdk-lib';
import {
  AccountRecovery,
  FeaturePlan,
  Mfa,
  UserPool,
  type UserPoolClient,
  UserPoolEmail,
  UserPoolOperation,
  VerificationEmailStyle,
} from 'aws-cdk-lib/aws-cognito';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';
import { ADMIN_GROUP, INVESTOR_GROUP } from '../../shared/accounts/groups';
import { acknowledge, wildcardFindingId } from '../nag';
import { keptInProd, logRetention, type Stage } from './data';
import { AppFunction } from './function';

/** The product spec's minimum password length (Sign up screen). */
export const PASSWORD_MIN_LENGTH = 6;

export interface AuthProps {
  readonly stage: Stage;
  /**
   * Send Cognito's emails (verification codes, password resets) through SES as this sender, instead
   * of Cognito's built-in sender, which is limited to 50 emails a day. Needs the SES identity verified
   * and the account out of the SES sandbox. @default Cognito's built-in sender
   */
  readonly sesEmail?: { fromAddress: string; verifiedDomain: string; configurationSetName: string };
}

/**
 * Identity: a Cognito user pool where people sign up themselves and sign in with their email,
 * which must be verified; the `admin` and `investor` groups; and the web app's client (public, no secret,
 * USER_PASSWORD_AUTH and SRP). The pool is retained and deletion-protected in prod.
 */
export class Auth extends Construct {
  readonly userPool: UserPool;
  readonly webClient: UserPoolClient;
  /**
   * Cognito's custom-message trigger (issue 32): the verification and password-reset emails in the
   * product's words, each kind with its own subject (shared/email/auth-emails.ts, which the local
   * home's relay sends too). It reads and writes nothing: no binding.
   */
  readonly customMessage: AppFunction;
  /**
   * Cognito's Pre Token Generation trigger (issue 48): the `admin` group reaches a token only for a
   * user with TOTP MFA turned on (`lambdas/events/cognito-pre-token.ts`). It may read users of the
   * account's pools (`AdminGetUser`), nothing else.
   */
  readonly preToken: AppFunction;

  constructor(scope: Construct, id: string, props: AuthProps) {
    super(scope, id);
    const prod = props.stage === 'prod';

    this.userPool = new UserPool(this, 'UserPool', {
      selfSignUpEnabled: true,
      signInAliases: { email: true },
      signInCaseSensitive: false,
      autoVerify: { email: true },
      keepOriginal: { email: true },
      standardAttributes: { email: { required: true, mutable: true } },
      userVerification: { emailStyle: VerificationEmailStyle.CODE },
      passwordPolicy: {
        minLength: PASSWORD_MIN_LENGTH,
        requireDigits: false,
        requireLowercase: false,
        requireUppercase: false,
        requireSymbols: false,
        tempPasswordValidity: Duration.days(3),
      },
      accountRecovery: AccountRecovery.EMAIL_ONLY,
      // Each user may turn on an authenticator app (TOTP), which Lite includes; nobody is asked for
      // it at sign-up (the spec's sign-up and login have no MFA step). Admins must: the trigger below
      // keeps `admin` out of the tokens of a user without it. No SMS: no SNS role, no per-message cost.
      mfa: Mfa.OPTIONAL,
      mfaSecondFactor: { otp: true, sms: false },
      // Lite covers email sign-in, verification and groups, at about a third of Essentials' price per MAU.
      featurePlan: FeaturePlan.LITE,
      email: props.sesEmail
        ? UserPoolEmail.withSES({
            fromEmail: props.sesEmail.fromAddress,
            sesVerifiedDomain: props.sesEmail.verifiedDomain,
            configurationSetName: props.sesEmail.configurationSetName,
            sesRegion: Stack.of(this).region,
          })
        : UserPoolEmail.withCognito(),
      deletionProtection: prod,
      removalPolicy: keptInProd(props.stage),
    });

    this.customMessage = new AppFunction(this, 'CustomMessage', {
      entry: 'lambdas/events/cognito-custom-message.ts',
      description:
        'Cognito custom messages: the verification and password-reset emails, each with its own subject',
      memorySize: 256,
      logRemovalPolicy: keptInProd(props.stage),
      logRetention: logRetention(props.stage),
    });
    this.userPool.addTrigger(UserPoolOperation.CUSTOM_MESSAGE, this.customMessage.handler);

    this.preToken = new AppFunction(this, 'PreTokenGeneration', {
      entry: 'lambdas/events/cognito-pre-token.ts',
      description: 'Cognito pre token generation: the admin group only for users with TOTP MFA on',
      memorySize: 256,
      logRemovalPolicy: keptInProd(props.stage),
      logRetention: logRetention(props.stage),
    });
    this.userPool.addTrigger(UserPoolOperation.PRE_TOKEN_GENERATION, this.preToken.handler);
    // The pool's own ARN would make a cycle (the pool names the trigger, the trigger's policy the pool).
    const pools = Stack.of(this).formatArn({
      service: 'cognito-idp',
      resource: 'userpool',
      resourceName: '*',
    });
    this.preToken.handler.addToRolePolicy(
      new PolicyStatement({ actions: ['cognito-idp:AdminGetUser'], resources: [pools] }),
    );
    const role = this.preToken.handler.role;
    if (role)
      acknowledge(role, {
        id: wildcardFindingId(role, pools),
        reason:
          "AdminGetUser (read one user's MFA settings) on the account's user pools in this region: naming the pool itself would make a dependency cycle between the pool and its trigger.",
      });

    this.userPool.addGroup('AdminGroup', {
      groupName: ADMIN_GROUP,
      description: 'Admins: import, debug and curate investor data, read every cart.',
    });
    // Only the investor portal's function adds members (POST /investor/join); nobody joins by themselves.
    this.userPool.addGroup('InvestorGroup', {
      groupName: INVESTOR_GROUP,
      description:
        'Investors who joined through a partner portal: their own profile only, no founder or admin rights.',
    });

    this.webClient = this.userPool.addClient('WebClient', {
      authFlows: { userPassword: true, userSrp: true },
      generateSecret: false,
      disableOAuth: true,
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
      idTokenValidity: Duration.hours(1),
      accessTokenValidity: Duration.hours(1),
      refreshTokenValidity: Duration.days(30),
    });

    acknowledge(
      this.userPool,
      {
        id: 'AwsSolutions-COG1',
        reason:
          'The product spec sets the password rule: at least 6 characters, no character classes. Cognito still blocks compromised credentials only on Plus, see COG3.',
      },
      {
        id: 'AwsSolutions-COG2',
        reason:
          'MFA is OPTIONAL with TOTP: the product spec has no MFA step in sign-up or login, so founders are never asked; the admin group reaches a token only with TOTP on (the Pre Token Generation trigger).',
      },
      {
        id: 'AwsSolutions-COG3',
        reason:
          'Threat protection (advanced security) needs the Plus feature plan, priced per monthly active user; not justified for this product yet (see docs/operations.md).',
      },
      {
        id: 'AwsSolutions-COG8',
        reason:
          'The Lite feature plan covers email sign-in, verification and groups; Plus (threat protection) costs several times more per monthly active user (docs/operations.md).',
      },
    );
  }
}
