import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import type { DeploymentConfig } from '../config';
import { acknowledge } from '../nag';
import { keptInProd, type Stage } from './data';

export interface PaymentsProps {
  readonly stage: Stage;
  readonly config: Pick<
    DeploymentConfig,
    | 'paymentLinkTier50'
    | 'paymentLinkTier250'
    | 'paymentLinkTier1000'
    | 'paymentLinkTier2500'
    | 'paymentLinkIdTier50'
    | 'paymentLinkIdTier250'
    | 'paymentLinkIdTier1000'
    | 'paymentLinkIdTier2500'
    | 'stripeConnectClientId'
  >;
}

/**
 * Stripe. The secret key and the webhook signing secret are Secrets Manager secrets that the stack
 * creates with generated placeholder values; an operator puts the real values with
 * `aws secretsmanager put-secret-value` (docs/operations.md), so no secret ever sits in context,
 * code or the template. The payment link of each price tier and the Connect client id are plain
 * configuration.
 */
export class Payments extends Construct {
  readonly secretKey: Secret;
  readonly webhookSecret: Secret;
  /** The environment variables of `paymentLinksConfig` in `lambdas/lib/config.ts`. */
  readonly paymentLinkEnvironment: Readonly<Record<string, string>>;
  /** The environment variables of `paymentLinkIdsConfig`: the webhook checks a payment came from its tier's link. */
  readonly paymentLinkIdEnvironment: Readonly<Record<string, string>>;
  /** The environment variables of `stripeConnectConfig` in `lambdas/lib/config.ts`. */
  readonly connectEnvironment: Readonly<Record<string, string>>;
  readonly connectClientId: string;

  constructor(scope: Construct, id: string, props: PaymentsProps) {
    super(scope, id);
    const removalPolicy = keptInProd(props.stage);

    this.secretKey = new Secret(this, 'StripeSecretKey', {
      description:
        'Stripe secret API key (sk_live_... / sk_test_...). Generated placeholder: set the real value with aws secretsmanager put-secret-value.',
      generateSecretString: { passwordLength: 32, excludePunctuation: true },
      removalPolicy,
    });
    this.webhookSecret = new Secret(this, 'StripeWebhookSecret', {
      description:
        'Stripe webhook signing secret (whsec_...). Generated placeholder: set the real value with aws secretsmanager put-secret-value.',
      generateSecretString: { passwordLength: 32, excludePunctuation: true },
      removalPolicy,
    });
    for (const secret of [this.secretKey, this.webhookSecret]) {
      acknowledge(secret, {
        id: 'AwsSolutions-SMG4',
        reason:
          'Stripe issues and rolls these keys in its dashboard; Secrets Manager cannot rotate them. Operators roll them in Stripe and put the new value (docs/operations.md).',
      });
    }

    const { config } = props;
    this.paymentLinkEnvironment = {
      PAYMENT_LINK_TIER_50: config.paymentLinkTier50,
      PAYMENT_LINK_TIER_250: config.paymentLinkTier250,
      PAYMENT_LINK_TIER_1000: config.paymentLinkTier1000,
      PAYMENT_LINK_TIER_2500: config.paymentLinkTier2500,
    };
    this.paymentLinkIdEnvironment = {
      PAYMENT_LINK_ID_TIER_50: config.paymentLinkIdTier50,
      PAYMENT_LINK_ID_TIER_250: config.paymentLinkIdTier250,
      PAYMENT_LINK_ID_TIER_1000: config.paymentLinkIdTier1000,
      PAYMENT_LINK_ID_TIER_2500: config.paymentLinkIdTier2500,
    };
    this.connectClientId = config.stripeConnectClientId;
    this.connectEnvironment = { STRIPE_CONNECT_CLIENT_ID: config.stripeConnectClientId };
  }
}
