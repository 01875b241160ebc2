import { existsSync } from 'node:fs';
import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import { HostedZone } from 'aws-cdk-lib/aws-route53';
import type { Construct } from 'constructs';
import {
  SEARCH_INDEX_CHANGES_PREFIX,
  SEARCH_INDEX_KEY,
  SEARCH_INDEX_RECOUNT_PREFIX,
} from '../shared/search/snapshot';
import type { RuntimeConfig } from '../web/config/runtime-config';
import { type DeploymentConfig, siteOrigins } from './config';
import { Api } from './constructs/api';
import { Auth } from './constructs/auth';
import { BuiltInData } from './constructs/built-in-data';
import { Data } from './constructs/data';
import { EmailSender } from './constructs/email';
import type { AppFunction } from './constructs/function';
import { Monitoring } from './constructs/monitoring';
import { Payments } from './constructs/payments';
import { Site } from './constructs/site';
import { Workflows } from './constructs/workflows';
import { API_PREFIX } from './edge';
import { applyGuardPolicies } from './guard';
import { fromRoot } from './paths';

export interface InvestorDirectoryStackProps extends StackProps {
  readonly config: DeploymentConfig;
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
 * web site. Each function is bound only to what its handlers use.
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
    this.workflows = new Workflows(this, 'Workflows', { stage, table: this.data.table });
    this.api = new Api(this, 'Api', {
      stage,
      table: this.data.table,
      userPool: this.auth.userPool,
      webClient: this.auth.webClient,
    });

    this.bindHandlerNeeds(origins.apex);
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
      apiDomain: `${this.api.httpApi.apiId}.execute-api.${this.region}.${this.urlSuffix}`,
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
   * What each function uses beyond the table, read from its handler's code (`lambdas/lib/config.ts`
   * sections, workflows it starts, buckets, email, Stripe secrets). test/infra/function-needs.test.ts
   * scans each bundle and fails when a handler reads configuration its function is not bound to.
   */
  /** `siteUrl`: the site's own origin, for links in emails. */
  private bindHandlerNeeds(siteUrl: string): void {
    const storage = { UPLOADS_BUCKET: this.data.uploads, EXPORTS_BUCKET: this.data.exports };
    const { taskFunctions } = this.workflows;

    const admin = this.api.functionFor('admin');
    if (admin) {
      this.workflows.bindStarter(admin, 'mapping');
      this.workflows.bindStarter(admin, 'aggregation');
      this.workflows.bindStarter(admin, 'curation');
      // Imports: presigned upload of the CSV and the import workflow (a cancel is a job state the
      // workflow honours after its batch, never a stopped execution).
      this.workflows.bindStarter(admin, 'import');
      // Redeliver: a new execution of a purchased cart's delivery.
      this.workflows.bindStarter(admin, 'exportDelivery');
      admin.bindStorage(storage, { UPLOADS_BUCKET: 'put' });
      // The outcome of a report of wrong data is emailed to its reporter (issue 20).
      admin.bindEmail(this.email);
    }
    // Joining a partner portal puts the user in the `investor` group (issue 21). A listed investor's
    // own confirmations and withdrawals change their entry at once: a search change recorded, then the
    // aggregation that folds it in.
    const investorPortal = this.api.functionFor('investorPortal');
    if (investorPortal) {
      investorPortal.bindInvestorGroup(this.auth.userPool);
      this.workflows.bindStarter(investorPortal, 'aggregation');
    }
    // The contact library's re-download: a presigned GET of the buyer's CSV.
    const account = this.api.functionFor('account');
    if (account) {
      account.bindStorage(storage, { EXPORTS_BUCKET: 'read' });
      // A bounce credit redeemed is delivered like a purchase: the export-delivery workflow (issue 20).
      this.workflows.bindStarter(account, 'exportDelivery');
    }
    this.api.functionFor('carts')?.addConfiguration(this.payments.paymentLinkEnvironment);
    // Stripe Connect: the code exchange and deauthorisation call Stripe with the platform's secret key.
    this.api
      .functionFor('stripeConnect')
      ?.bindSecret('STRIPE_SECRET_KEY_ARN', this.payments.secretKey)
      .addConfiguration(this.payments.connectEnvironment);
    const webhook = this.api.functionFor('stripeWebhook');
    if (webhook) {
      webhook
        .bindSecret('STRIPE_WEBHOOK_SECRET_ARN', this.payments.webhookSecret)
        .addConfiguration(this.payments.paymentLinkIdEnvironment);
      this.workflows.bindStarter(webhook, 'exportDelivery');
    }

    // The search snapshot (keys under search-index/ of the exports bucket): read by the directory,
    // changes recorded by mapping, curation and an admin's contact correction, folded and rebuilt by
    // the aggregation.
    const searchIndex = {
      snapshot: SEARCH_INDEX_KEY,
      changesPrefix: SEARCH_INDEX_CHANGES_PREFIX,
      recountPrefix: SEARCH_INDEX_RECOUNT_PREFIX,
    };
    this.api.functionFor('directory')?.bindSearchIndex(this.data.exports, searchIndex, 'read');
    this.api.functionFor('admin')?.bindSearchIndex(this.data.exports, searchIndex, 'record');
    this.api.functionFor('investorPortal')?.bindSearchIndex(this.data.exports, searchIndex, 'record');
    taskFunctions.DirectoryTasksFunctionArn.bindSearchIndex(this.data.exports, searchIndex, 'maintain');

    taskFunctions.ImportTasksFunctionArn.bindStorage(storage, { UPLOADS_BUCKET: 'read' });
    taskFunctions.ExportTasksFunctionArn.bindStorage(storage, { EXPORTS_BUCKET: 'readWrite' }).bindEmail(
      this.email,
    );
    // The weekly summary of updates to bought contacts (issue 20), with a link to the account settings.
    taskFunctions.SummaryTasksFunctionArn.bindEmail(this.email).addConfiguration({ SITE_URL: siteUrl });
    // The 6-month reminders to listed investors (issue 21).
    taskFunctions.PortalTasksFunctionArn.bindEmail(this.email);
  }
}
