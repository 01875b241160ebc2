import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_THROTTLE, routedGroups } from '../../infra/constructs/api';
import { PASSWORD_MIN_LENGTH } from '../../infra/constructs/auth';
import { substitutionVariables } from '../../infra/constructs/workflows';
import {
  API_REQUEST_CODE,
  CACHED_API_PATH_PATTERNS,
  PUBLIC_CACHE_MAX_SECONDS,
  PUBLIC_CACHE_SECONDS,
  VIEWER_REQUEST_CODE,
} from '../../infra/edge';
import { fromRoot } from '../../infra/paths';
import type { InvestorDirectoryStack } from '../../infra/stack';
import { tableDefinition } from '../../lambdas/lib/table/definition';
import { invokedFunctions } from '../../lambdas/manifest';
import { handlerGroups, routeKey, routes } from '../../lambdas/routes';
import { stateMachines, workflowSchedules, workflowTaskFunctions } from '../../lambdas/workflows/registry';
import { PRERENDERED_PAGES } from '../../shared/prerendered-pages';
import { runtimeConfigSchema } from '../../web/config/runtime-config';
import { fakeWebDist, prodContext, SYNTH_TIMEOUT, type Synthesized, synthesize } from './support/synth';
import {
  actionsOf,
  environmentOf,
  logicalIdOf,
  type PolicyStatementJson,
  resourcesOf,
  statementsOf,
  statementsOfRole,
  type TemplateResource,
} from './support/template';

let synthesized: Synthesized;
let template: Template;
let stack: InvestorDirectoryStack;

beforeAll(() => {
  synthesized = synthesize({ context: prodContext, webDist: fakeWebDist() });
  ({ template, stack } = synthesized);
}, SYNTH_TIMEOUT);

const ref = (construct: Parameters<typeof logicalIdOf>[0]) => ({ Ref: logicalIdOf(construct) });

function functionOf(group: keyof typeof handlerGroups) {
  const fn = stack.api.functionFor(group);
  if (!fn) throw new Error(`no function for ${group}`);
  return fn;
}

describe('HTTP API from lambdas/routes.ts', () => {
  const routeResources = () => Object.values(resourcesOf(template, 'AWS::ApiGatewayV2::Route'));
  const routeByKey = (key: string) => {
    const found = routeResources().find((route) => route.Properties?.RouteKey === key);
    if (!found) throw new Error(`no route ${key}`);
    return found;
  };

  it('creates exactly one route per entry, and no $default route', () => {
    const keys = routeResources().map((route) => route.Properties?.RouteKey);

    expect(keys.sort()).toEqual(routes.map(routeKey).sort());
    expect(keys).not.toContain('$default');
  });

  it.each(routes.filter((r) => r.auth !== 'public').map((r) => [routeKey(r), r.auth]))(
    'puts the Cognito JWT authorizer on %s (%s)',
    (key) => {
      expect(routeByKey(key).Properties).toMatchObject({
        AuthorizationType: 'JWT',
        AuthorizerId: ref(stack.api.httpApi.node.findChild('CognitoAuthorizer')),
      });
    },
  );

  it.each(routes.filter((r) => r.auth === 'public').map((r) => [routeKey(r)]))(
    'leaves the public route %s without an authorizer',
    (key) => {
      const properties = routeByKey(key).Properties ?? {};
      expect(properties.AuthorizationType).toBe('NONE');
      expect(properties.AuthorizerId).toBeUndefined();
    },
  );

  it("sends each route to its handler group's function", () => {
    const integrations = resourcesOf(template, 'AWS::ApiGatewayV2::Integration');
    for (const route of routes) {
      const target = JSON.stringify(routeByKey(routeKey(route)).Properties?.Target);
      const integrationId = /"Ref":"([^"]+)"/.exec(target)?.[1] ?? '';
      const uri = JSON.stringify(integrations[integrationId]?.Properties?.IntegrationUri);
      expect(uri, routeKey(route)).toContain(logicalIdOf(functionOf(route.handler).handler));
    }
  });

  it('lets API Gateway invoke each routed function through one permission for this API alone', () => {
    const permissions = Object.values(resourcesOf(template, 'AWS::Lambda::Permission')).filter(
      (permission) => permission.Properties?.Principal === 'apigateway.amazonaws.com',
    );
    const invoked = permissions.map((permission) => JSON.stringify(permission.Properties?.FunctionName));
    for (const group of routedGroups())
      expect(
        invoked.filter((name) => name.includes(logicalIdOf(functionOf(group).handler))),
        group,
      ).toHaveLength(1);
    expect(permissions).toHaveLength(routedGroups().length);
    for (const permission of permissions) {
      const source = JSON.stringify(permission.Properties?.SourceArn);
      expect(source).toContain(logicalIdOf(stack.api.httpApi));
      expect(source).toContain('/*/*/*');
    }
  });

  it('stays well inside CloudFormation’s 500 resources a stack', () => {
    expect(Object.keys(template.toJSON().Resources ?? {}).length).toBeLessThan(450);
  });

  it('checks tokens of the web app client, issued by the user pool', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Authorizer', {
      AuthorizerType: 'JWT',
      IdentitySource: ['$request.header.Authorization'],
      JwtConfiguration: {
        Audience: [ref(stack.auth.webClient)],
        Issuer: {
          'Fn::Join': ['', ['https://cognito-idp.us-east-1.amazonaws.com/', ref(stack.auth.userPool)]],
        },
      },
    });
  });

  it('throttles the default stage and writes JSON access logs', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: {
        ThrottlingRateLimit: API_THROTTLE.rateLimit,
        ThrottlingBurstLimit: API_THROTTLE.burstLimit,
      },
      AccessLogSettings: {
        DestinationArn: { 'Fn::GetAtt': [Match.anyValue(), 'Arn'] },
        Format: Match.stringLikeRegexp('"requestId":"\\$context.requestId"'),
      },
    });
  });

  it("has no CORS: browsers call it on the site's own origin, through CloudFront", () => {
    const [api] = Object.values(resourcesOf(template, 'AWS::ApiGatewayV2::Api'));
    expect(api?.Properties).not.toHaveProperty('CorsConfiguration');
  });
});

describe('Lambda functions', () => {
  it('creates one function per handler group that serves a route, with the project defaults', () => {
    // Cognito's triggers are no handler group: they have their own tests below.
    const triggers = [stack.auth.customMessage, stack.auth.preToken].map((fn) => logicalIdOf(fn.handler));
    const functions = Object.entries(resourcesOf(template, 'AWS::Lambda::Function'))
      .filter(
        ([id, fn]) =>
          !triggers.includes(id) &&
          JSON.stringify(fn.Properties?.Environment ?? {}).includes('enable-source-maps'),
      )
      .map(([, fn]) => fn);

    expect(routedGroups()).toEqual(
      [...new Set(routes.map((r) => r.handler))].sort(
        (a, b) => Object.keys(handlerGroups).indexOf(a) - Object.keys(handlerGroups).indexOf(b),
      ),
    );
    expect(functions).toHaveLength(
      routedGroups().length +
        Object.keys(workflowTaskFunctions).length +
        Object.keys(invokedFunctions).length,
    );
    for (const fn of functions) {
      expect(fn.Properties).toMatchObject({
        Runtime: 'nodejs24.x',
        Architectures: ['arm64'],
        Handler: 'index.handler',
        TracingConfig: { Mode: 'Active' },
        LoggingConfig: { LogGroup: expect.anything() },
        Environment: { Variables: { NODE_OPTIONS: '--enable-source-maps' } },
      });
    }
  });

  it("writes Cognito's emails with the custom-message trigger, which may touch nothing but its logs (issue 32)", () => {
    const [pool] = Object.values(resourcesOf(template, 'AWS::Cognito::UserPool'));
    expect(pool?.Properties?.LambdaConfig).toEqual({
      CustomMessage: { 'Fn::GetAtt': [logicalIdOf(stack.auth.customMessage.handler), 'Arn'] },
      PreTokenGeneration: { 'Fn::GetAtt': [logicalIdOf(stack.auth.preToken.handler), 'Arn'] },
    });
    const trigger = resourcesOf(template, 'AWS::Lambda::Function')[
      logicalIdOf(stack.auth.customMessage.handler)
    ];
    expect(trigger?.Properties).toMatchObject({ Runtime: 'nodejs24.x', Architectures: ['arm64'] });
    expect(Object.keys(environmentOf(template, stack.auth.customMessage)).sort()).toEqual([
      'LOG_LEVEL',
      'NODE_OPTIONS',
    ]);
    const actions = actionsOf(statementsOf(template, stack.auth.customMessage)).filter(
      (action) => !action.startsWith('logs:') && !action.startsWith('xray:'),
    );
    expect(actions).toEqual([]);
  });

  it('keeps every function log a year in prod', () => {
    for (const fn of [
      ...stack.api.functions.values(),
      ...Object.values(stack.workflows.taskFunctions),
      stack.auth.customMessage,
      stack.auth.preToken,
    ]) {
      const logGroup = template.toJSON().Resources[logicalIdOf(fn.logGroup)] as TemplateResource;
      expect(logGroup.Properties?.RetentionInDays).toBe(365);
    }
  });

  it('lets every function but the one that adds investors to their group use the table (its partitions: function-needs.test.ts)', () => {
    for (const [name, fn] of stack.allFunctions()) {
      const actions = actionsOf(statementsOf(template, fn));
      expect(actions.includes('dynamodb:GetItem'), name).toBe(name !== 'investorGroup');
      expect(actions.includes('dynamodb:PutItem'), name).toBe(!['directory', 'investorGroup'].includes(name));
      if (name !== 'investorGroup')
        expect(environmentOf(template, fn).TABLE_NAME).toEqual(ref(stack.data.table));
    }
  });

  it('lets a function write logs only to its own log group (no managed policy)', () => {
    const roles = resourcesOf(template, 'AWS::IAM::Role');
    for (const fn of stack.api.functions.values()) {
      const role = roles[logicalIdOf(fn.handler.role as never)];
      expect(role?.Properties?.ManagedPolicyArns).toBeUndefined();
      const logStatements = statementsOf(template, fn).filter((s) =>
        actionsOf([s]).includes('logs:PutLogEvents'),
      );
      expect(logStatements).toEqual([
        expect.objectContaining({ Resource: { 'Fn::GetAtt': [logicalIdOf(fn.logGroup), 'Arn'] } }),
      ]);
    }
  });

  it('gives only the admin and webhook functions states:StartExecution, each on its own workflows', () => {
    const startable = (group: keyof typeof handlerGroups) =>
      statementsOf(template, functionOf(group))
        .filter((s) => actionsOf([s]).includes('states:StartExecution'))
        .flatMap((s) => (Array.isArray(s.Resource) ? s.Resource : [s.Resource]))
        .map((resource) => JSON.stringify(resource))
        .sort();
    const machine = (name: keyof typeof stateMachines) => ref(stack.workflows.stateMachines[name]);
    const machines = (...names: (keyof typeof stateMachines)[]) =>
      names.map((name) => JSON.stringify(machine(name))).sort();

    expect(startable('directory')).toEqual([]);
    expect(startable('carts')).toEqual([]);
    // The export delivery too: an admin's Redeliver starts a new execution.
    expect(startable('admin')).toEqual(
      machines('mapping', 'aggregation', 'import', 'exportDelivery', 'curation', 'taxonomyRemap'),
    );
    expect(startable('stripeWebhook')).toEqual(machines('exportDelivery'));
    expect(environmentOf(template, functionOf('admin'))).toMatchObject({
      MAPPING_STATE_MACHINE_ARN: machine('mapping'),
      AGGREGATION_STATE_MACHINE_ARN: machine('aggregation'),
      IMPORT_STATE_MACHINE_ARN: machine('import'),
      EXPORT_STATE_MACHINE_ARN: machine('exportDelivery'),
      CURATION_STATE_MACHINE_ARN: machine('curation'),
      TAXONOMY_REMAP_STATE_MACHINE_ARN: machine('taxonomyRemap'),
    });
    expect(Object.keys(environmentOf(template, functionOf('directory')))).not.toContain(
      'MAPPING_STATE_MACHINE_ARN',
    );
  });

  it('lets no function stop an execution: a cancelled import stops itself after its batch and counts what it wrote', () => {
    const stoppers = [...stack.api.functions.entries()]
      .filter(([, fn]) => actionsOf(statementsOf(template, fn)).includes('states:StopExecution'))
      .map(([group]) => group);

    expect(stoppers).toEqual([]);
    expect(actionsOf(statementsOf(template, functionOf('admin')))).toContain('states:StartExecution');
  });

  it('gives the payment links to the carts function only', () => {
    expect(environmentOf(template, functionOf('carts'))).toMatchObject({
      PAYMENT_LINK_TIER_50: 'https://buy.stripe.com/4gw5kT0aB1cD',
      PAYMENT_LINK_TIER_250: 'https://buy.stripe.com/8xq6lU1bC2dE',
      PAYMENT_LINK_TIER_1000: 'https://buy.stripe.com/3fa7mV2cD3eF',
      PAYMENT_LINK_TIER_2500: 'https://buy.stripe.com/9kb8nW3dE4fG',
    });
    for (const group of routedGroups().filter((g) => g !== 'carts')) {
      expect(Object.keys(environmentOf(template, functionOf(group))), group).not.toContain(
        'PAYMENT_LINK_TIER_50',
      );
    }
  });

  it('lets only the webhook read the webhook secret, and only Stripe Connect (stripeConnect) and the reconciler of Stripe events (StripeTasks) the secret key', () => {
    const readers = (secretId: string) =>
      [...stack.api.functions.entries(), ...Object.entries(stack.workflows.taskFunctions)]
        .filter(([, fn]) =>
          statementsOf(template, fn).some(
            (s) =>
              actionsOf([s]).includes('secretsmanager:GetSecretValue') &&
              JSON.stringify(s.Resource).includes(secretId),
          ),
        )
        .map(([name]) => name);

    expect(readers(logicalIdOf(stack.payments.webhookSecret))).toEqual(['stripeWebhook']);
    expect(readers(logicalIdOf(stack.payments.secretKey))).toEqual([
      'stripeConnect',
      'StripeTasksFunctionArn',
    ]);
    expect(environmentOf(template, functionOf('stripeConnect'))).toMatchObject({
      STRIPE_SECRET_KEY_ARN: ref(stack.payments.secretKey),
      STRIPE_CONNECT_CLIENT_ID: 'ca_Q2w3E4r5T6y7U8i9O0p',
    });
    expect(environmentOf(template, functionOf('stripeWebhook')).STRIPE_WEBHOOK_SECRET_ARN).toEqual(
      ref(stack.payments.webhookSecret),
    );
  });

  it('lets only the export task function, the admin function (report outcomes, review decisions), the investor portal function ("This is me" codes), the summary task function (weekly updates), the portal task function (reminders), the alert task function (saved searches, issue 35), the decks function (the open of a deck link, issue 53) and the update task function (investor updates, issue 53) send email, as the sender and through the configuration set', () => {
    const senders = [...stack.api.functions.values(), ...Object.values(stack.workflows.taskFunctions)].filter(
      (fn) => actionsOf(statementsOf(template, fn)).includes('ses:SendEmail'),
    );
    expect(senders).toEqual([
      stack.api.functionFor('admin'),
      stack.api.functionFor('investorPortal'),
      stack.api.functionFor('decks'),
      stack.workflows.taskFunctions.ExportTasksFunctionArn,
      stack.workflows.taskFunctions.SummaryTasksFunctionArn,
      stack.workflows.taskFunctions.PortalTasksFunctionArn,
      stack.workflows.taskFunctions.AlertTasksFunctionArn,
      stack.workflows.taskFunctions.UpdateTasksFunctionArn,
    ]);
    // The weekly summary links to the account settings on the site's own domain; the weekly alert
    // to the saved searches and the account settings too.
    for (const fn of [
      stack.workflows.taskFunctions.SummaryTasksFunctionArn,
      stack.workflows.taskFunctions.AlertTasksFunctionArn,
      stack.workflows.taskFunctions.UpdateTasksFunctionArn,
    ])
      expect(environmentOf(template, fn)).toMatchObject({ SITE_URL: 'https://vcdirectory.io' });
    // An approved investor's email links to their profile; a "This is me" code to the privacy page.
    for (const group of ['admin', 'investorPortal', 'decks'] as const)
      expect(environmentOf(template, functionOf(group))).toMatchObject({
        SITE_URL: 'https://vcdirectory.io',
      });

    const statement = statementsOf(template, stack.workflows.taskFunctions.ExportTasksFunctionArn).find((s) =>
      actionsOf([s]).includes('ses:SendEmail'),
    ) as PolicyStatementJson;
    expect(statement.Condition).toEqual({
      StringEquals: { 'ses:FromAddress': 'no-reply@mail.vcdirectory.io' },
    });
    expect(JSON.stringify(statement.Resource)).toContain('configuration-set/');
    expect(JSON.stringify(statement.Resource)).toContain(JSON.stringify(ref(stack.email.identity)));
    expect(environmentOf(template, stack.workflows.taskFunctions.ExportTasksFunctionArn)).toMatchObject({
      SES_FROM: 'no-reply@mail.vcdirectory.io',
      SES_CONFIGURATION_SET: ref(stack.email.configurationSet),
    });
  });

  it('grants bucket access only where a handler uses it', () => {
    // [action, resource] pairs, whatever way IAM policy minimisation merged the statements.
    const s3Actions = (fn: Parameters<typeof statementsOf>[1]) =>
      statementsOf(template, fn)
        .flatMap((s) =>
          actionsOf([s]).flatMap((action) =>
            (Array.isArray(s.Resource) ? s.Resource : [s.Resource]).map((resource) => [
              action,
              JSON.stringify(resource),
            ]),
          ),
        )
        .filter(([action]) => action?.startsWith('s3:'))
        .sort();
    const uploads = logicalIdOf(stack.data.uploads);
    const exports = logicalIdOf(stack.data.exports);

    const key = (path: string) =>
      expect.stringMatching(new RegExp(`${exports}.*/${path.replace(/[.*]/g, '\\$&')}"`));
    const snapshot = key('search-index/investors.json.gz');
    const changes = key('search-index/changes/*');
    const recount = key('search-index/recount/*');
    const exportsList = ['s3:ListBucket', `{"Fn::GetAtt":["${exports}","Arn"]}`];
    const uploadsList = ['s3:ListBucket', `{"Fn::GetAtt":["${uploads}","Arn"]}`];
    // Whoever writes searchable investors records search changes; only the aggregation rewrites the
    // snapshot; the directory reads the snapshot and nothing else of the exports bucket.
    // The field merger's runs write investors in the workflow's task function, not in the admin's; an
    // admin's contact correction writes one investor from the admin function, so it records its change.
    expect(s3Actions(functionOf('admin'))).toEqual([
      ['s3:PutObject', changes],
      ['s3:PutObject', expect.stringMatching(new RegExp(`${uploads}.*/imports/\\*`))],
    ]);
    expect(s3Actions(functionOf('directory'))).toEqual([['s3:GetObject', snapshot], exportsList]);
    // The recount's steps keep their state and the cards they read under their own prefix.
    expect(s3Actions(stack.workflows.taskFunctions.DirectoryTasksFunctionArn)).toEqual([
      ['s3:DeleteObject', recount],
      ['s3:GetObject', changes],
      ['s3:GetObject', snapshot],
      ['s3:GetObject', recount],
      exportsList,
      ['s3:PutObject', changes],
      ['s3:PutObject', snapshot],
      ['s3:PutObject', recount],
    ]);
    expect(s3Actions(stack.workflows.taskFunctions.ImportTasksFunctionArn)).toEqual([
      ['s3:GetObject', expect.stringMatching(new RegExp(`${uploads}.*/imports/\\*`))],
      uploadsList,
    ]);
    expect(s3Actions(stack.workflows.taskFunctions.ExportTasksFunctionArn)).toEqual([
      ['s3:GetObject', expect.stringMatching(new RegExp(`${exports}.*/exports/\\*`))],
      exportsList,
      ['s3:PutObject', expect.stringMatching(new RegExp(`${exports}.*/exports/\\*`))],
    ]);
    // The account function presigns the re-download of a buyer's CSV: it reads the exports bucket,
    // and writes only the library's CRM files (issue 32), under their own prefix.
    const account = stack.api.functions.get('account');
    if (!account) throw new Error('no account function');
    expect(s3Actions(account)).toEqual([
      ['s3:GetObject', expect.stringMatching(new RegExp(`${exports}.*/exports/\\*`))],
      ['s3:GetObject', expect.stringMatching(new RegExp(`${exports}.*/library-exports/\\*`))],
      exportsList,
      ['s3:PutObject', expect.stringMatching(new RegExp(`${exports}.*/library-exports/\\*`))],
    ]);
    for (const group of ['carts', 'projects', 'stripeConnect', 'podcasts', 'stripeWebhook'] as const) {
      expect(s3Actions(functionOf(group)), group).toEqual([]);
    }
  });

  it('lets a function list a bucket only under the prefixes it reads', () => {
    const listed = (fn: Parameters<typeof statementsOf>[1]) =>
      statementsOf(template, fn)
        .filter((s) => actionsOf([s]).includes('s3:ListBucket'))
        .map((s) => s.Condition);
    expect(listed(functionOf('directory'))).toEqual([
      { StringLike: { 's3:prefix': ['search-index/investors.json.gz'] } },
    ]);
    expect(listed(functionOf('account'))).toEqual([
      { StringLike: { 's3:prefix': ['exports/*', 'library-exports/*'] } },
    ]);
  });
});

describe('DynamoDB table', () => {
  it('is built from lambdas/lib/table/definition.ts: on demand, PITR, deletion protection, TTL, retained', () => {
    const tables = Object.values(resourcesOf(template, 'AWS::DynamoDB::GlobalTable'));
    expect(tables).toHaveLength(1);
    const [table] = tables as [TemplateResource];

    // Kept, except when the first creation fails and rolls back (RETAIN_ON_UPDATE_OR_DELETE).
    expect(table.DeletionPolicy).toBe('RetainExceptOnCreate');
    expect(table.UpdateReplacePolicy).toBe('Retain');
    expect(table.Properties).toMatchObject({
      BillingMode: 'PAY_PER_REQUEST',
      KeySchema: [
        { AttributeName: tableDefinition.partitionKey, KeyType: 'HASH' },
        { AttributeName: tableDefinition.sortKey, KeyType: 'RANGE' },
      ],
      TimeToLiveSpecification: { AttributeName: 'expiresAt', Enabled: true },
      Replicas: [
        {
          DeletionProtectionEnabled: true,
          PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        },
      ],
      GlobalSecondaryIndexes: Object.entries(tableDefinition.indexes).map(([name, index]) => ({
        IndexName: name,
        KeySchema: [
          { AttributeName: index.partitionKey, KeyType: 'HASH' },
          { AttributeName: index.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      })),
    });
  });
});

describe('S3 buckets', () => {
  const buckets = () => resourcesOf(template, 'AWS::S3::Bucket');
  const bucketPolicies = () => Object.values(resourcesOf(template, 'AWS::S3::BucketPolicy'));

  it('blocks public access, encrypts, and keeps every bucket in prod', () => {
    expect(Object.keys(buckets())).toHaveLength(4);
    for (const [id, bucket] of Object.entries(buckets())) {
      expect(bucket.DeletionPolicy, id).toBe('RetainExceptOnCreate');
      expect(bucket.UpdateReplacePolicy, id).toBe('Retain');
      expect(bucket.Properties, id).toMatchObject({
        PublicAccessBlockConfiguration: {
          BlockPublicAcls: true,
          BlockPublicPolicy: true,
          IgnorePublicAcls: true,
          RestrictPublicBuckets: true,
        },
        BucketEncryption: {
          ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
        },
      });
    }
  });

  it('refuses plain HTTP on every bucket', () => {
    for (const id of Object.keys(buckets())) {
      const policy = bucketPolicies().find(
        (p) => JSON.stringify(p.Properties?.Bucket) === JSON.stringify({ Ref: id }),
      );
      expect(policy?.Properties?.PolicyDocument, id).toMatchObject({
        Statement: expect.arrayContaining([
          expect.objectContaining({
            Effect: 'Deny',
            Action: 's3:*',
            Condition: { Bool: { 'aws:SecureTransport': 'false' } },
          }),
        ]),
      });
    }
  });

  it('logs access to the site, uploads and exports buckets into the log bucket', () => {
    for (const bucket of [stack.site.bucket, stack.data.uploads, stack.data.exports]) {
      expect(buckets()[logicalIdOf(bucket)]?.Properties?.LoggingConfiguration).toMatchObject({
        DestinationBucketName: ref(stack.data.logs),
      });
    }
  });

  it('versions uploads and exports', () => {
    for (const bucket of [stack.data.uploads, stack.data.exports]) {
      expect(buckets()[logicalIdOf(bucket)]?.Properties?.VersioningConfiguration).toEqual({
        Status: 'Enabled',
      });
    }
  });

  it("accepts presigned PUTs (and a deck viewer's GETs, issue 53) on uploads from the site's origins only", () => {
    expect(buckets()[logicalIdOf(stack.data.uploads)]?.Properties?.CorsConfiguration).toEqual({
      CorsRules: [
        expect.objectContaining({
          AllowedMethods: ['PUT', 'GET'],
          AllowedOrigins: ['https://vcdirectory.io', 'https://*.vcdirectory.io'],
        }),
      ],
    });
  });
});

describe('Cognito', () => {
  it('signs in by email with self sign-up, verified email and the spec password length; retained in prod', () => {
    template.hasResource('AWS::Cognito::UserPool', {
      DeletionPolicy: 'RetainExceptOnCreate',
      Properties: Match.objectLike({
        UsernameAttributes: ['email'],
        AutoVerifiedAttributes: ['email'],
        AdminCreateUserConfig: { AllowAdminCreateUserOnly: false },
        Policies: { PasswordPolicy: Match.objectLike({ MinimumLength: PASSWORD_MIN_LENGTH }) },
        DeletionProtection: 'ACTIVE',
      }),
    });
  });

  it('sends its emails through SES as the configured sender when cognitoEmailViaSes is on', () => {
    template.hasResource('AWS::Cognito::UserPool', {
      Properties: Match.objectLike({
        UserPoolTier: 'LITE',
        EmailConfiguration: {
          EmailSendingAccount: 'DEVELOPER',
          From: 'no-reply@mail.vcdirectory.io',
          ConfigurationSet: ref(stack.email.configurationSet),
          SourceArn: Match.stringLikeRegexp(':identity/mail\\.vcdirectory\\.io$'),
        },
      }),
      DependsOn: Match.arrayWith([logicalIdOf(stack.email.identity)]),
    });
  });

  it('has the admin and investor groups and a public web client with password and SRP auth', () => {
    template.hasResourceProperties('AWS::Cognito::UserPoolGroup', { GroupName: 'admin' });
    template.hasResourceProperties('AWS::Cognito::UserPoolGroup', {
      GroupName: 'investor',
      UserPoolId: ref(stack.auth.userPool),
    });
    template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      GenerateSecret: false,
      ExplicitAuthFlows: Match.arrayWith(['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_USER_SRP_AUTH']),
    });
  });
});

describe('investor accounts (issue 21)', () => {
  const poolStatements = (fn: Parameters<typeof statementsOf>[1]) =>
    statementsOf(template, fn).filter((statement) =>
      actionsOf([statement]).some((action) => action.startsWith('cognito-idp:')),
    );

  it('lets only the investor-group function change the user pool, and only to add a user to a group of that pool; the portal function invokes it', () => {
    const changers = stack
      .allFunctions()
      .filter(([, fn]) => poolStatements(fn).length > 0)
      .map(([name]) => name);

    expect(changers).toEqual(['investorGroup']);
    expect(poolStatements(stack.invokedFunctions.investorGroup)).toEqual([
      {
        Effect: 'Allow',
        Action: 'cognito-idp:AdminAddUserToGroup',
        Resource: { 'Fn::GetAtt': [logicalIdOf(stack.auth.userPool), 'Arn'] },
      },
    ]);
    expect(environmentOf(template, stack.invokedFunctions.investorGroup)).toMatchObject({
      COGNITO_USER_POOL_ID: ref(stack.auth.userPool),
    });
    expect(
      statementsOf(template, functionOf('investorPortal')).filter((s) =>
        actionsOf([s]).includes('lambda:InvokeFunction'),
      ),
    ).toEqual([
      {
        Effect: 'Allow',
        Action: 'lambda:InvokeFunction',
        Resource: { 'Fn::GetAtt': [logicalIdOf(stack.invokedFunctions.investorGroup.handler), 'Arn'] },
      },
    ]);
    expect(environmentOf(template, functionOf('investorPortal'))).toMatchObject({
      INVESTOR_GROUP_FUNCTION_NAME: ref(stack.invokedFunctions.investorGroup.handler),
    });
  });
});

describe('Step Functions', () => {
  const machines = () => resourcesOf(template, 'AWS::StepFunctions::StateMachine');

  it('creates one state machine per registry entry with its definition file, logging and tracing', () => {
    expect(Object.keys(machines())).toHaveLength(Object.keys(stateMachines).length);
    for (const [name, spec] of Object.entries(stateMachines)) {
      const machine =
        machines()[logicalIdOf(stack.workflows.stateMachines[name as keyof typeof stateMachines])];
      const properties = machine?.Properties ?? {};
      expect(properties.TracingConfiguration, name).toEqual({ Enabled: true });
      expect(properties.LoggingConfiguration, name).toMatchObject({
        Level: 'ALL',
        IncludeExecutionData: false,
      });
      const substitutions = properties.DefinitionSubstitutions as Record<string, unknown>;
      expect(Object.keys(substitutions).sort(), name).toEqual(substitutionVariables(spec.definition).sort());
      for (const [variable, value] of Object.entries(substitutions)) {
        const fn = stack.workflows.taskFunctions[variable as keyof typeof workflowTaskFunctions];
        expect(value).toEqual({ 'Fn::GetAtt': [logicalIdOf(fn.handler), 'Arn'] });
      }
      // The definition is the registry's file itself, uploaded as an asset.
      const { Key } = properties.DefinitionS3Location as { Key: string };
      expect(readFileSync(join(synthesized.assemblyDir, `asset.${Key}`), 'utf8'), name).toBe(
        readFileSync(fromRoot(spec.definition), 'utf8'),
      );
    }
  });

  it('lets each state machine invoke exactly the task functions its definition names', () => {
    for (const [name, spec] of Object.entries(stateMachines)) {
      const machine = stack.workflows.stateMachines[name as keyof typeof stateMachines];
      const invoked = statementsOfRole(template, machine.role)
        .filter((s) => actionsOf([s]).includes('lambda:InvokeFunction'))
        .flatMap((s) => (Array.isArray(s.Resource) ? s.Resource : [s.Resource]));
      const expected = substitutionVariables(spec.definition).map((variable) => ({
        'Fn::GetAtt': [
          logicalIdOf(stack.workflows.taskFunctions[variable as keyof typeof workflowTaskFunctions].handler),
          'Arn',
        ],
      }));
      const sorted = (list: unknown[]) => list.map((item) => JSON.stringify(item)).sort();
      expect(sorted(invoked), name).toEqual(sorted(expected));
    }
  });

  it('starts the recount (counters exact, search snapshot rebuilt) every 6 hours with no lock', () => {
    template.hasResourceProperties('AWS::Scheduler::Schedule', {
      ScheduleExpression: 'rate(6 hours)',
      State: 'ENABLED',
      Target: {
        Arn: ref(stack.workflows.stateMachines.aggregation),
        Input: '{"action":"recount","lockName":null,"lockOwner":null}',
      },
    });
  });

  it('starts the investor reminders once a day with the input the local home uses', () => {
    template.hasResourceProperties('AWS::Scheduler::Schedule', {
      ScheduleExpression: 'rate(1 day)',
      State: 'ENABLED',
      Target: {
        Arn: ref(stack.workflows.stateMachines.investorReminders),
        Input: JSON.stringify(workflowSchedules.investorReminders.input),
      },
    });
  });

  it('starts the watch of paid carts every 5 minutes (issue 30)', () => {
    template.hasResourceProperties('AWS::Scheduler::Schedule', {
      ScheduleExpression: 'rate(5 minutes)',
      State: 'ENABLED',
      Target: {
        Arn: ref(stack.workflows.stateMachines.deliveryWatch),
        Input: JSON.stringify(workflowSchedules.deliveryWatch.input),
      },
    });
  });

  it('starts the reconciler of Stripe events every 10 minutes; its function starts only the export delivery and reads the secret key, not the webhook secret (issue 48)', () => {
    template.hasResourceProperties('AWS::Scheduler::Schedule', {
      ScheduleExpression: 'rate(10 minutes)',
      State: 'ENABLED',
      Target: {
        Arn: ref(stack.workflows.stateMachines.stripeReconcile),
        Input: JSON.stringify(workflowSchedules.stripeReconcile.input),
      },
    });
    const reconciler = stack.workflows.taskFunctions.StripeTasksFunctionArn;
    const started = statementsOf(template, reconciler)
      .filter((s) => actionsOf([s]).includes('states:StartExecution'))
      .flatMap((s) => (Array.isArray(s.Resource) ? s.Resource : [s.Resource]));
    expect(started).toEqual([ref(stack.workflows.stateMachines.exportDelivery)]);
    const environment = environmentOf(template, reconciler);
    expect(environment).toMatchObject({
      STRIPE_SECRET_KEY_ARN: ref(stack.payments.secretKey),
      EXPORT_STATE_MACHINE_ARN: ref(stack.workflows.stateMachines.exportDelivery),
    });
    expect(Object.keys(environment)).not.toContain('STRIPE_WEBHOOK_SECRET_ARN');
    expect(actionsOf(statementsOf(template, reconciler))).not.toContain('ses:SendEmail');
  });

  it('starts the weekly summary of updates every 7 days, and every scheduled workflow with the input the local home uses', () => {
    template.hasResourceProperties('AWS::Scheduler::Schedule', {
      ScheduleExpression: 'rate(7 days)',
      State: 'ENABLED',
      Target: { Arn: ref(stack.workflows.stateMachines.updateSummaries) },
    });
    const schedules = Object.values(template.findResources('AWS::Scheduler::Schedule')).map(
      (resource) => (resource as { Properties: { Target: { Input: string } } }).Properties.Target.Input,
    );
    expect(schedules.sort()).toEqual(
      Object.values(workflowSchedules)
        .map((schedule) => JSON.stringify(schedule.input))
        .sort(),
    );
  });
});

describe('SES', () => {
  it("verifies the sender's domain with DKIM records in the hosted zone, through a configuration set", () => {
    template.hasResourceProperties('AWS::SES::EmailIdentity', {
      EmailIdentity: 'mail.vcdirectory.io',
      ConfigurationSetAttributes: { ConfigurationSetName: ref(stack.email.configurationSet) },
    });
    template.hasResourceProperties('AWS::SES::ConfigurationSet', {
      DeliveryOptions: { TlsPolicy: 'REQUIRE' },
    });
    const dkim = Object.values(resourcesOf(template, 'AWS::Route53::RecordSet')).filter(
      (record) => record.Properties?.Type === 'CNAME',
    );
    expect(dkim).toHaveLength(3);
    for (const record of dkim) expect(record.Properties?.HostedZoneId).toBe('Z04517273VCDIRECTORY1');
  });
});

describe('CloudFront site', () => {
  it('serves the apex and every subdomain on one us-east-1 certificate, over TLS 1.2+', () => {
    template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        Aliases: ['vcdirectory.io', '*.vcdirectory.io'],
        ViewerCertificate: {
          AcmCertificateArn: prodContext.certificateArn,
          MinimumProtocolVersion: 'TLSv1.2_2021',
          SslSupportMethod: 'sni-only',
        },
        DefaultRootObject: 'index.html',
        Logging: Match.objectLike({ Bucket: Match.anyValue() }),
      }),
    });
  });

  it('reads the private site bucket through Origin Access Control', () => {
    template.resourceCountIs('AWS::CloudFront::OriginAccessControl', 1);
    template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        Origins: Match.arrayWith([
          Match.objectLike({
            DomainName: { 'Fn::GetAtt': [logicalIdOf(stack.site.bucket), 'RegionalDomainName'] },
            OriginAccessControlId: Match.anyValue(),
          }),
        ]),
      }),
    });
  });

  it('runs the edge viewer-request function of infra/edge.ts on the web app', () => {
    template.hasResourceProperties('AWS::CloudFront::Function', {
      FunctionCode: VIEWER_REQUEST_CODE,
      FunctionConfig: Match.objectLike({ Runtime: 'cloudfront-js-2.0' }),
    });
    template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        DefaultCacheBehavior: Match.objectLike({
          ViewerProtocolPolicy: 'redirect-to-https',
          FunctionAssociations: [
            {
              EventType: 'viewer-request',
              FunctionARN: { 'Fn::GetAtt': [logicalIdOf(stack.site.viewerRequest), 'FunctionARN'] },
            },
          ],
        }),
      }),
    });
  });

  it('answers a prerendered page with its own HTML, any other app route with index.html, files as themselves', () => {
    // The function as deployed (its code from the template), run as CloudFront runs it.
    const deployed = resourcesOf(template, 'AWS::CloudFront::Function')[
      logicalIdOf(stack.site.viewerRequest)
    ];
    const handler = new Function(`${deployed?.Properties?.FunctionCode}\nreturn handler;`)() as (event: {
      request: { uri: string; headers: Record<string, { value: string }>; querystring: object };
    }) => { uri: string };
    const objectFor = (uri: string) =>
      handler({ request: { uri, headers: { host: { value: 'vcdirectory.io' } }, querystring: {} } }).uri;

    expect(PRERENDERED_PAGES.map((page) => page.path)).toContain('/home');
    for (const page of PRERENDERED_PAGES) expect(objectFor(page.path), page.path).toBe(`/${page.file}`);
    expect(objectFor('/home')).toBe('/home.html');
    for (const route of ['/', '/home/', '/investors/search', '/projects/42/jorts', '/homepage'])
      expect(objectFor(route), route).toBe('/index.html');
    for (const file of ['/home.html', '/index.html', '/assets/index-1a2b3c.js', '/runtime-config.json'])
      expect(objectFor(file), file).toBe(file);
  });

  it('deploys the prerendered pages with index.html, revalidated on every visit and invalidated', () => {
    const deployments = Object.values(resourcesOf(template, 'Custom::CDKBucketDeployment'));
    const entry = deployments.find(
      (d) =>
        (d.Properties?.SystemMetadata as Record<string, string> | undefined)?.['cache-control'] ===
        'no-cache',
    );
    const keys = (entry?.Properties?.SourceObjectKeys ?? []) as string[];
    const staged = keys
      .map((key) => join(synthesized.assemblyDir, `asset.${key.replace(/\.zip$/, '')}`))
      .filter((dir) => statSync(dir, { throwIfNoEntry: false })?.isDirectory())
      .flatMap((dir) => readdirSync(dir));

    expect(staged.sort()).toEqual(
      ['index.html', 'runtime-config.json', ...PRERENDERED_PAGES.map((page) => page.file)].sort(),
    );
    expect(entry?.Properties?.DistributionPaths).toEqual(['/*']);
  });

  const distributionConfig = () => {
    const [distribution] = Object.values(resourcesOf(template, 'AWS::CloudFront::Distribution'));
    return distribution?.Properties?.DistributionConfig as {
      Origins: { Id: string; DomainName: unknown; CustomOriginConfig?: { OriginProtocolPolicy: string } }[];
      CacheBehaviors: {
        PathPattern: string;
        TargetOriginId: string;
        AllowedMethods: string[];
        CachePolicyId: unknown;
        OriginRequestPolicyId?: unknown;
        ResponseHeadersPolicyId: unknown;
        FunctionAssociations: { EventType: string; FunctionARN: unknown }[];
      }[];
      DefaultCacheBehavior: { ResponseHeadersPolicyId: unknown };
    };
  };

  it('serves the HTTP API under /api on the same origin: all methods, never cached, every viewer header but Host', () => {
    const config = distributionConfig();
    const api = config.CacheBehaviors.find((b) => b.PathPattern === '/api/*');
    const origin = config.Origins.find((o) => o.Id === api?.TargetOriginId);

    // The API's custom domain: its execute-api endpoint is disabled (test/infra/edge-firewall.test.ts).
    expect(origin?.DomainName).toBe('api.vcdirectory.io');
    expect(origin?.CustomOriginConfig?.OriginProtocolPolicy).toBe('https-only');
    expect(api).toMatchObject({
      AllowedMethods: ['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE'],
      // The managed CachingDisabled and AllViewerExceptHostHeader policies.
      CachePolicyId: '4135ea2d-6df8-44a3-9df3-4b5a84be39ad',
      OriginRequestPolicyId: 'b689b0a8-53d0-40ab-baf2-68738e2966ac',
      ResponseHeadersPolicyId: config.DefaultCacheBehavior.ResponseHeadersPolicyId,
      FunctionAssociations: [
        {
          EventType: 'viewer-request',
          FunctionARN: { 'Fn::GetAtt': [logicalIdOf(stack.site.apiRequest), 'FunctionARN'] },
        },
      ],
    });
    template.hasResourceProperties('AWS::CloudFront::Function', { FunctionCode: API_REQUEST_CODE });
  });

  it('keeps the public directory and portal GETs at the edge for a minute, matched before /api/*', () => {
    const config = distributionConfig();
    const patterns = config.CacheBehaviors.map((b) => b.PathPattern);

    expect(patterns).toEqual([...CACHED_API_PATH_PATTERNS, '/api/*']);
    const [[policyId, policy] = []] = Object.entries(resourcesOf(template, 'AWS::CloudFront::CachePolicy'));
    expect(policy?.Properties?.CachePolicyConfig).toMatchObject({
      DefaultTTL: PUBLIC_CACHE_SECONDS,
      MinTTL: 0,
      MaxTTL: PUBLIC_CACHE_MAX_SECONDS,
      ParametersInCacheKeyAndForwardedToOrigin: {
        QueryStringsConfig: { QueryStringBehavior: 'all' },
        HeadersConfig: { HeaderBehavior: 'none' },
        CookiesConfig: { CookieBehavior: 'none' },
      },
    });
    for (const behavior of config.CacheBehaviors.filter((b) => b.PathPattern !== '/api/*')) {
      expect(behavior.AllowedMethods).toEqual(['GET', 'HEAD']);
      expect(behavior.CachePolicyId).toEqual({ Ref: policyId });
      expect(behavior).not.toHaveProperty('OriginRequestPolicyId');
    }
  });

  it('puts only public GET routes under a cached path: CloudFront would refuse any other method there, and forwards no token', () => {
    const cachedPrefixes = CACHED_API_PATH_PATTERNS.map((pattern) => pattern.replace(/^\/api|\*$/g, ''));
    const underCachedPath = routes.filter((route) =>
      cachedPrefixes.some((prefix) => route.path.startsWith(prefix)),
    );

    expect(underCachedPath.length).toBeGreaterThan(0);
    expect(
      underCachedPath.filter((route) => route.method !== 'GET' || route.auth !== 'public').map(routeKey),
    ).toEqual([]);
  });

  it('adds HSTS, nosniff, frame DENY, a referrer policy and a CSP naming Cognito and the uploads bucket', () => {
    const [policy] = Object.values(resourcesOf(template, 'AWS::CloudFront::ResponseHeadersPolicy'));
    const config = policy?.Properties?.ResponseHeadersPolicyConfig as
      | { SecurityHeadersConfig: Record<string, unknown> }
      | undefined;
    const headers = config?.SecurityHeadersConfig ?? {};

    expect(headers).toMatchObject({
      StrictTransportSecurity: { AccessControlMaxAgeSec: 63072000, IncludeSubdomains: true, Override: true },
      ContentTypeOptions: { Override: true },
      FrameOptions: { FrameOption: 'DENY', Override: true },
      ReferrerPolicy: { ReferrerPolicy: 'strict-origin-when-cross-origin', Override: true },
    });
    const csp = JSON.stringify(headers.ContentSecurityPolicy);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("connect-src 'self' https://cognito-idp.us-east-1.amazonaws.com https://");
    expect(csp).toContain(`"Fn::GetAtt":["${logicalIdOf(stack.data.uploads)}","RegionalDomainName"]`);
    expect(csp).toContain('upgrade-insecure-requests');
    // The API is 'self' now: its own host is not named.
    expect(csp).not.toContain(logicalIdOf(stack.api.httpApi));
  });

  it('points A and AAAA alias records of the apex and the wildcard at the distribution', () => {
    // api.<domain> is the API's custom domain (test/infra/edge-firewall.test.ts).
    const aliases = Object.values(resourcesOf(template, 'AWS::Route53::RecordSet')).filter(
      (record) => record.Properties?.AliasTarget && record.Properties?.Name !== 'api.vcdirectory.io.',
    );
    const names = aliases.map((record) => `${record.Properties?.Type} ${record.Properties?.Name}`).sort();

    expect(names).toEqual([
      'A *.vcdirectory.io.',
      'A vcdirectory.io.',
      'AAAA *.vcdirectory.io.',
      'AAAA vcdirectory.io.',
    ]);
    for (const record of aliases) {
      expect(record.Properties).toMatchObject({
        HostedZoneId: 'Z04517273VCDIRECTORY1',
        AliasTarget: { DNSName: { 'Fn::GetAtt': [logicalIdOf(stack.site.distribution), 'DomainName'] } },
      });
    }
  });

  it('deploys the built app and a runtime-config.json of the shape the web app reads', () => {
    const deployments = Object.values(resourcesOf(template, 'Custom::CDKBucketDeployment'));
    expect(deployments).toHaveLength(2);
    expect(deployments.map((d) => d.Properties?.DestinationBucketName)).toEqual([
      ref(stack.site.bucket),
      ref(stack.site.bucket),
    ]);

    const staged = readdirSync(synthesized.assemblyDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => join(synthesized.assemblyDir, entry.name, 'runtime-config.json'))
      .find((path) => statSync(path, { throwIfNoEntry: false })?.isFile());
    if (!staged) throw new Error('runtime-config.json is not staged');
    const config = JSON.parse(readFileSync(staged, 'utf8'));

    expect(runtimeConfigSchema.parse(config)).toBeTruthy();
    expect(Object.keys(config).sort()).toEqual(
      [
        'stage',
        'apiUrl',
        'region',
        'userPoolId',
        'userPoolClientId',
        'rootDomain',
        'feedbackEmail',
        'debugMappingLinks',
        'stripeConnect',
      ].sort(),
    );
    expect(config).toMatchObject({
      stage: 'prod',
      apiUrl: '/api',
      rootDomain: 'vcdirectory.io',
      feedbackEmail: 'feedback@vcdirectory.io',
      debugMappingLinks: false,
      stripeConnect: {
        clientId: 'ca_Q2w3E4r5T6y7U8i9O0p',
        authorizeUrl: 'https://connect.stripe.com/oauth/authorize',
      },
    });
  });
});

describe('Stripe secrets', () => {
  it('creates the secret key and webhook secret with generated placeholders, retained in prod', () => {
    const secrets = Object.values(resourcesOf(template, 'AWS::SecretsManager::Secret'));

    expect(secrets).toHaveLength(2);
    for (const secret of secrets) {
      expect(secret.DeletionPolicy).toBe('RetainExceptOnCreate');
      expect(secret.Properties?.GenerateSecretString).toBeDefined();
      expect(secret.Properties?.SecretString).toBeUndefined();
    }
  });

  it('holds no secret value anywhere in the template', () => {
    const text = JSON.stringify(template.toJSON());

    expect(text).not.toMatch(/(sk|rk)_(live|test)_[A-Za-z0-9]{8}|whsec_[A-Za-z0-9]{8}/);
    expect(text).not.toContain('"SecretString"');
  });
});

describe('outputs', () => {
  it('names what operators need after a deployment', () => {
    const outputs = Object.keys(template.toJSON().Outputs ?? {});
    expect(outputs).toEqual(
      expect.arrayContaining([
        'ApiUrl',
        'UserPoolId',
        'UserPoolClientId',
        'DistributionId',
        'StripeSecretKeyArn',
        'StripeWebhookSecretArn',
        'AggregationStateMachineArn',
      ]),
    );
  });
});
