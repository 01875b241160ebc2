import { existsSync } from 'node:fs';
import { Annotations, CfnOutput, Stack, type StackProps, Token } from 'aws-cdk-lib';
import { HostedZone } from 'aws-cdk-lib/aws-route53';
import type { Construct } from 'constructs';
import {
  type FunctionName,
  functionNeeds,
  type InvokedFunction,
  invokedFunctions,
} from '../lambdas/manifest';
import {
  stateMachines as registeredStateMachines,
  type StateMachineName,
} from '../lambdas/workflows/registry';
import type { RuntimeConfig } from '../web/config/runtime-config';
import { apiOriginDomain, certificateRegion, type DeploymentConfig, siteOrigins } from './config';
import { Api } from './constructs/api';
import { Auth } from './constructs/auth';
import { BuiltInData } from './constructs/built-in-data';
import { Data, keptInProd, logRetention } from './constructs/data';
import { EmailSender } from './constructs/email';
import { UserPoolFirewall } from './constructs/firewall';
import { AppFunction, type FunctionResources } from './constructs/function';
import { Monitoring } from './constructs/monitoring';
import { Payments } from './constructs/payments';
import { Site } from './constructs/site';
import { Workflows } from './constructs/workflows';
import { API_PREFIX } from './edge';
import { applyGuardPolicies } from './guard';
import { fromRoot } from './paths';

export interface InvestorDirectoryStackProps extends StackProps {
  readonly config: DeploymentConfig;
  /** The distribution's web ACL (CLOUDFRONT scope, from the us-east-1 stack of infra/constructs/firewall.ts). */
  readonly siteWebAclArn: string;
  /** The built web app. @default `web/dist` of the repository */
  readonly webDist?: string;
  /** A real account is targeted: what would deploy a broken site (no built app) is an error. */
  readonly deployable?: boolean;
}

/** Where the web app sends people to connect their Stripe account. */
export const STRIPE_CONNECT_AUTHORIZE_URL = 'https://connect.stripe.com/oauth/authorize';

/**
 * The whole product on AWS: identity, data, the HTTP API built from `lambdas/routes.ts`, the
 * workflows of `lambdas/workflows/registry.ts`, email, payments configuration and secrets, and the
 * web site. Each function gets exactly what its manifest entry declares (`lambdas/manifest.ts`).
 */
export class InvestorDirectoryStack extends Stack {
  readonly auth: Auth;
  readonly data: Data;
  readonly api: Api;
  readonly workflows: Workflows;
  readonly email: EmailSender;
  readonly payments: Payments;
  readonly site: Site;
  readonly monitoring: Monitoring;
  readonly builtInData: BuiltInData;
  readonly userPoolFirewall: UserPoolFirewall;
  /** Functions only another function invokes (`invokedFunctions` of `lambdas/manifest.ts`). */
  readonly invokedFunctions: Record<InvokedFunction, AppFunction>;

  constructor(scope: Construct, id: string, props: InvestorDirectoryStackProps) {
    super(scope, id, props);
    const { config } = props;
    const { stage } = config;
    const origins = siteOrigins(config);

    const zone = HostedZone.fromHostedZoneAttributes(this, 'Zone', {
      hostedZoneId: config.hostedZoneId,
      zoneName: config.hostedZoneName,
    });

    this.email = new EmailSender(this, 'Email', { fromAddress: config.sesSender, zone });
    this.auth = new Auth(this, 'Auth', {
      stage,
      ...(config.cognitoEmailViaSes
        ? {
            sesEmail: {
              fromAddress: config.sesSender,
              verifiedDomain: this.email.domain,
              configurationSetName: this.email.configurationSetName,
            },
          }
        : {}),
    });
    // With SES as Cognito's sender, the pool refers to the identity by ARN: create the identity first.
    if (config.cognitoEmailViaSes) this.auth.userPool.node.addDependency(this.email.identity);
    this.data = new Data(this, 'Data', { stage, uploadOrigins: [origins.apex, origins.wildcard] });
    this.builtInData = new BuiltInData(this, 'BuiltInData', { table: this.data.table });
    this.payments = new Payments(this, 'Payments', { stage, config });
    this.workflows = new Workflows(this, 'Workflows', { stage });
    this.invokedFunctions = {
      investorGroup: new AppFunction(this, 'InvestorGroup', {
        entry: invokedFunctions.investorGroup,
        description: `${functionNeeds.investorGroup.description} (${invokedFunctions.investorGroup})`,
        logRemovalPolicy: keptInProd(stage),
        logRetention: logRetention(stage),
      }),
    };
    this.userPoolFirewall = new UserPoolFirewall(this, 'UserPoolFirewall', {
      userPoolArn: this.auth.userPool.userPoolArn,
    });
    if (!Token.isUnresolved(this.region) && certificateRegion(config.apiCertificateArn) !== this.region)
      Annotations.of(this).addError(
        `apiCertificateArn is in ${certificateRegion(config.apiCertificateArn)}: the API's custom domain needs a certificate in the stack's region (${this.region}).`,
      );
    this.api = new Api(this, 'Api', {
      stage,
      userPool: this.auth.userPool,
      webClient: this.auth.webClient,
      customDomain: { domainName: apiOriginDomain(config), certificateArn: config.apiCertificateArn, zone },
    });

    this.applyManifest(origins.apex);
    applyGuardPolicies(this, stage);

    const runtimeConfig = {
      stage,
      // The API is on the site's own origin (CloudFront's /api/* behaviour, infra/edge.ts).
      apiUrl: API_PREFIX,
      region: this.region,
      userPoolId: this.auth.userPool.userPoolId,
      userPoolClientId: this.auth.webClient.userPoolClientId,
      rootDomain: config.domain,
      feedbackEmail: config.feedbackEmail,
      debugMappingLinks: false,
      stripeConnect: { clientId: this.payments.connectClientId, authorizeUrl: STRIPE_CONNECT_AUTHORIZE_URL },
    } satisfies RuntimeConfig;

    const webDist = props.webDist ?? fromRoot('web/dist');
    this.site = new Site(this, 'Site', {
      stage,
      domain: config.domain,
      zone,
      certificateArn: config.certificateArn,
      logs: this.data.logs,
      apiDomain: apiOriginDomain(config),
      webAclArn: props.siteWebAclArn,
      uploadsOrigin: `https://${this.data.uploads.bucketRegionalDomainName}`,
      cognitoOrigin: `https://cognito-idp.${this.region}.amazonaws.com`,
      runtimeConfig,
      webDist,
      webDistExists: existsSync(webDist),
      requireWebDist: props.deployable ?? false,
    });

    const functions = new Map<string, AppFunction>();
    for (const [group, fn] of this.api.functions)
      functions.set(`${group.charAt(0).toUpperCase()}${group.slice(1)}`, fn);
    for (const [name, fn] of Object.entries(this.workflows.taskFunctions))
      functions.set(name.replace(/FunctionArn$/, ''), fn);
    for (const [name, fn] of Object.entries(this.invokedFunctions))
      functions.set(`${name.charAt(0).toUpperCase()}${name.slice(1)}`, fn);
    this.monitoring = new Monitoring(this, 'Monitoring', {
      alarmEmail: config.alarmEmail,
      api: this.api.httpApi,
      functions,
      stateMachines: this.workflows.stateMachines,
      configurationSet: this.email.configurationSet,
    });

    const outputs: Record<string, string> = {
      SiteUrl: origins.apex,
      ApiUrl: this.api.url,
      UserPoolId: this.auth.userPool.userPoolId,
      UserPoolClientId: this.auth.webClient.userPoolClientId,
      TableName: this.data.table.tableName,
      UploadsBucket: this.data.uploads.bucketName,
      ExportsBucket: this.data.exports.bucketName,
      SiteBucket: this.site.bucket.bucketName,
      DistributionId: this.site.distribution.distributionId,
      StripeSecretKeyArn: this.payments.secretKey.secretArn,
      StripeWebhookSecretArn: this.payments.webhookSecret.secretArn,
      SesConfigurationSet: this.email.configurationSetName,
      AlarmTopicArn: this.monitoring.topic.topicArn,
    };
    for (const [name, machine] of Object.entries(this.workflows.stateMachines)) {
      outputs[`${name.charAt(0).toUpperCase()}${name.slice(1)}StateMachineArn`] = machine.stateMachineArn;
    }
    for (const [name, value] of Object.entries(outputs)) new CfnOutput(this, name, { value });
  }

  /**
   * Every function gets what its manifest entry declares (`lambdas/manifest.ts`), in one place:
   * `AppFunction.applyNeeds` grants it and sets its variables from the resources and values here.
   * `siteUrl`: the site's own origin, for links in emails.
   */
  private applyManifest(siteUrl: string): void {
    const { stateMachines } = this.workflows;
    const values: Record<string, string> = {
      TABLE_NAME: this.data.table.tableName,
      UPLOADS_BUCKET: this.data.uploads.bucketName,
      EXPORTS_BUCKET: this.data.exports.bucketName,
      // The search snapshot is kept under search-index/ of the exports bucket.
      SEARCH_INDEX_BUCKET: this.data.exports.bucketName,
      SEARCH_INDEX_MAX_AGE_SECONDS: '30',
      SES_FROM: this.email.fromAddress,
      SES_CONFIGURATION_SET: this.email.configurationSetName,
      SITE_URL: siteUrl,
      STRIPE_SECRET_KEY_ARN: this.payments.secretKey.secretArn,
      STRIPE_WEBHOOK_SECRET_ARN: this.payments.webhookSecret.secretArn,
      COGNITO_USER_POOL_ID: this.auth.userPool.userPoolId,
      INVESTOR_GROUP_FUNCTION_NAME: this.invokedFunctions.investorGroup.handler.functionName,
      ...this.payments.paymentLinkEnvironment,
      ...this.payments.paymentLinkIdEnvironment,
      ...this.payments.connectEnvironment,
      ...Object.fromEntries(
        (Object.keys(stateMachines) as StateMachineName[]).map((name) => [
          registeredStateMachines[name].arnVariable,
          stateMachines[name].stateMachineArn,
        ]),
      ),
    };
    const resources: FunctionResources = {
      table: this.data.table,
      uploads: this.data.uploads,
      exports: this.data.exports,
      stateMachines,
      functions: this.invokedFunctions,
      email: this.email,
      secrets: { stripeApiKey: this.payments.secretKey, stripeWebhookSecret: this.payments.webhookSecret },
      userPool: this.auth.userPool,
      values,
    };
    for (const [name, fn] of this.allFunctions()) fn.applyNeeds(name, resources);
  }

  /** Every function of the stack, by its manifest name. */
  allFunctions(): [FunctionName, AppFunction][] {
    return [
      ...this.api.functions,
      ...(Object.entries(this.workflows.taskFunctions) as [FunctionName, AppFunction][]),
      ...(Object.entries(this.invokedFunctions) as [FunctionName, AppFunction][]),
    ];
  }
}
