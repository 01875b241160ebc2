import { unmarshall } from '@aws-sdk/util-dynamodb';
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  API_THROTTLE,
  PUBLIC_ROUTE_THROTTLE,
  routeThrottle,
  WEBHOOK_ROUTE_THROTTLE,
} from '../../infra/constructs/api';
import { BUILT_IN_CREATED_AT, BUILT_IN_CREATED_BY } from '../../infra/constructs/built-in-data';
import { IMPORT_FILE_DAYS } from '../../infra/constructs/data';
import { ALARM_THRESHOLDS, WORKFLOWS_PER_ALARM } from '../../infra/constructs/monitoring';
import type { InvestorDirectoryStack } from '../../infra/stack';
import { SERVICE_NAME } from '../../lambdas/lib/observability/logger';
import { BUSINESS_METRICS, METRICS_NAMESPACE } from '../../lambdas/lib/observability/metrics';
import { builtInPortalItem } from '../../lambdas/lib/portals/built-in';
import { routeKey, routes } from '../../lambdas/routes';
import { fakeWebDist, prodContext, SYNTH_TIMEOUT, synthesize } from './support/synth';
import { logicalIdOf, resourcesOf, type TemplateResource } from './support/template';

let template: Template;
let stack: InvestorDirectoryStack;

beforeAll(() => {
  ({ template, stack } = synthesize({ context: prodContext, webDist: fakeWebDist() }));
}, SYNTH_TIMEOUT);

const topicRef = () => ({ Ref: logicalIdOf(stack.monitoring.topic) });
const alarms = () => Object.values(resourcesOf(template, 'AWS::CloudWatch::Alarm'));
const alarmOn = (metricName: string, dimension?: { Name: string; Value: unknown }) =>
  alarms().filter(
    (alarm) =>
      alarm.Properties?.MetricName === metricName &&
      (!dimension || JSON.stringify(alarm.Properties?.Dimensions).includes(JSON.stringify(dimension))),
  );

describe('operations that notice', () => {
  it('emails the alarm topic to the configured address', () => {
    template.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'email',
      Endpoint: 'ops@vcdirectory.io',
      TopicArn: topicRef(),
    });
  });

  it('alarms on API 5xx, and every alarm notifies the topic when it fires and when it clears', () => {
    const [api5xx] = alarmOn('5xx');
    expect(api5xx?.Properties).toMatchObject({
      Namespace: 'AWS/ApiGateway',
      Threshold: ALARM_THRESHOLDS.api5xxPerFiveMinutes,
      Period: 300,
      Statistic: 'Sum',
      Dimensions: [{ Name: 'ApiId', Value: { Ref: logicalIdOf(stack.api.httpApi) } }],
    });
    for (const alarm of alarms()) {
      expect(alarm.Properties?.AlarmActions).toEqual([topicRef()]);
      expect(alarm.Properties?.OKActions).toEqual([topicRef()]);
      expect(alarm.Properties?.TreatMissingData).toBe('notBreaching');
    }
  });

  it('alarms on the errors of every function, and on any throttle in the account', () => {
    const functions = [...stack.api.functions.values(), ...Object.values(stack.workflows.taskFunctions)];
    for (const fn of functions) {
      const dimension = { Name: 'FunctionName', Value: { Ref: logicalIdOf(fn.handler) } };
      expect(alarmOn('Errors', dimension), fn.node.path).toHaveLength(1);
    }
    const throttles = alarmOn('Throttles');
    expect(throttles).toHaveLength(1);
    expect(throttles[0]?.Properties).toMatchObject({
      Namespace: 'AWS/Lambda',
      Threshold: ALARM_THRESHOLDS.functionThrottlesPerFiveMinutes,
      Statistic: 'Sum',
      Period: 300,
    });
    expect(throttles[0]?.Properties?.Dimensions).toBeUndefined();
  });

  it('alarms on failed executions of every workflow, each in exactly one alarm of at most ten', () => {
    /** Each metric math alarm's summed metrics: the state machine each one reads. */
    const mathAlarms = alarms().filter((alarm) => Array.isArray(alarm.Properties?.Metrics));
    const covered = mathAlarms.flatMap((alarm) => {
      const metrics = alarm.Properties?.Metrics as {
        Id: string;
        Expression?: string;
        MetricStat?: { Metric: { MetricName: string; Dimensions: { Name: string; Value: unknown }[] } };
      }[];
      const read = metrics.filter((m) => m.MetricStat);
      expect(read.length).toBeLessThanOrEqual(WORKFLOWS_PER_ALARM);
      expect(metrics.find((m) => m.Expression)?.Expression).toBe(read.map((m) => m.Id).join(' + '));
      return read.map((m) => {
        expect(m.MetricStat?.Metric.MetricName).toBe('ExecutionsFailed');
        return JSON.stringify(m.MetricStat?.Metric.Dimensions);
      });
    });
    const machines = Object.values(stack.workflows.stateMachines);
    expect(covered).toHaveLength(machines.length);
    for (const machine of machines) {
      const dimension = [{ Name: 'StateMachineArn', Value: { Ref: logicalIdOf(machine) } }];
      expect(
        covered.filter((c) => c === JSON.stringify(dimension)),
        machine.node.path,
      ).toHaveLength(1);
    }
  });

  it('alarms on a paid cart stuck without a delivery, counted by the watch of paid carts (issue 30)', () => {
    expect(alarmOn('StuckPaidCarts')).toHaveLength(1);
    expect(alarmOn('StuckPaidCarts')[0]?.Properties).toMatchObject({
      Namespace: METRICS_NAMESPACE,
      Dimensions: [{ Name: 'service', Value: SERVICE_NAME }],
      Threshold: ALARM_THRESHOLDS.stuckPaidCarts,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      Period: 300,
      EvaluationPeriods: 1,
    });
    expect(BUSINESS_METRICS).toContain('StuckPaidCarts');
  });

  it('alarms before SES reputation reaches the rates at which AWS reviews the account', () => {
    expect(alarmOn('Reputation.BounceRate')[0]?.Properties).toMatchObject({
      Namespace: 'AWS/SES',
      Threshold: 0.04,
      ComparisonOperator: 'GreaterThanThreshold',
    });
    expect(alarmOn('Reputation.ComplaintRate')[0]?.Properties).toMatchObject({
      Namespace: 'AWS/SES',
      Threshold: 0.0008,
    });
  });

  it('publishes bounces, complaints, rejects and delays of the configuration set to the topic', () => {
    template.hasResourceProperties('AWS::SES::ConfigurationSetEventDestination', {
      ConfigurationSetName: { Ref: logicalIdOf(stack.email.configurationSet) },
      EventDestination: {
        Enabled: true,
        MatchingEventTypes: Match.arrayEquals([
          'bounce',
          'complaint',
          'reject',
          'deliveryDelay',
          'renderingFailure',
        ]),
        SnsDestination: { TopicARN: topicRef() },
      },
    });
  });
});

describe('storage lifecycle', () => {
  const bucket = (construct: Parameters<typeof logicalIdOf>[0]) =>
    template.toJSON().Resources[logicalIdOf(construct)] as TemplateResource;
  const rulesOf = (construct: Parameters<typeof logicalIdOf>[0]) => {
    const lifecycle = bucket(construct).Properties?.LifecycleConfiguration as
      | { Rules: Record<string, unknown>[] }
      | undefined;
    return lifecycle?.Rules ?? [];
  };

  it(`expires imports/ files after ${IMPORT_FILE_DAYS} days`, () => {
    expect(rulesOf(stack.data.uploads)).toContainEqual(
      expect.objectContaining({
        Id: 'ExpireImports',
        Prefix: 'imports/',
        ExpirationInDays: 30,
        Status: 'Enabled',
      }),
    );
  });

  it('expires deck uploads (deck-uploads/) after a day: a checked deck is kept under decks/ (issue 53)', () => {
    const rules = rulesOf(stack.data.uploads);
    expect(rules).toContainEqual(
      expect.objectContaining({
        Id: 'ExpireDeckUploads',
        Prefix: 'deck-uploads/',
        ExpirationInDays: 1,
        Status: 'Enabled',
      }),
    );
    expect(rules.some((rule) => String(rule.Prefix ?? '').startsWith('decks/'))).toBe(false);
  });

  it('keeps bought CSVs (exports/) for good, in Infrequent Access after 30 days', () => {
    const rules = rulesOf(stack.data.exports);
    expect(rules).toContainEqual(
      expect.objectContaining({
        Prefix: 'exports/',
        Transitions: [{ StorageClass: 'STANDARD_IA', TransitionInDays: 30 }],
      }),
    );
    // The only expiring objects are the contact library's CRM files (built per request, fetched within
    // minutes) and the search snapshot's change objects (derived, folded within minutes).
    expect(rules.filter((rule) => 'ExpirationInDays' in rule)).toEqual([
      expect.objectContaining({ Prefix: 'library-exports/', ExpirationInDays: 1 }),
      expect.objectContaining({ Prefix: 'search-index/changes/', ExpirationInDays: 1 }),
    ]);
  });

  it('aborts unfinished multipart uploads after a day in every data bucket', () => {
    for (const construct of [stack.data.uploads, stack.data.exports, stack.site.bucket]) {
      expect(rulesOf(construct)).toContainEqual(
        expect.objectContaining({ AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 } }),
      );
    }
  });
});

describe('route throttling', () => {
  it('gives every public route less than the default and the Stripe webhook its own limit', () => {
    const [stage] = Object.values(resourcesOf(template, 'AWS::ApiGatewayV2::Stage'));
    const settings = stage?.Properties?.RouteSettings as Record<
      string,
      { ThrottlingRateLimit: number; ThrottlingBurstLimit: number }
    >;

    const webhook = routes.find((r) => r.handler === 'stripeWebhook');
    expect(webhook && routeThrottle(webhook)).toBe(WEBHOOK_ROUTE_THROTTLE);
    for (const route of routes) {
      const expected = routeThrottle(route);
      if (expected === API_THROTTLE) {
        expect(settings[routeKey(route)], routeKey(route)).toBeUndefined();
        continue;
      }
      expect(settings[routeKey(route)], routeKey(route)).toEqual({
        ThrottlingRateLimit: expected.rateLimit,
        ThrottlingBurstLimit: expected.burstLimit,
      });
    }
    expect(settings['GET /investors']).toEqual({
      ThrottlingRateLimit: PUBLIC_ROUTE_THROTTLE.rateLimit,
      ThrottlingBurstLimit: PUBLIC_ROUTE_THROTTLE.burstLimit,
    });
    expect(settings['POST /stripe/webhook']?.ThrottlingRateLimit).toBe(WEBHOOK_ROUTE_THROTTLE.rateLimit);
  });
});

describe('built-in data', () => {
  it('creates the vcn portal once, without ever overwriting an edited one', () => {
    const [resource] = Object.values(resourcesOf(template, 'Custom::AWS'));
    // The call is JSON joined around the table's name (a reference): put a stand-in name there.
    const create = resource?.Properties?.Create as { 'Fn::Join': [string, unknown[]] } | undefined;
    const [, parts = []] = create?.['Fn::Join'] ?? [];
    expect(parts.filter((part) => typeof part !== 'string')).toEqual([
      { Ref: logicalIdOf(stack.data.table) },
    ]);
    const call = JSON.parse(parts.map((part) => (typeof part === 'string' ? part : 'TABLE')).join('')) as {
      service: string;
      action: string;
      parameters: { TableName: unknown; Item: Record<string, never>; ConditionExpression: string };
      ignoreErrorCodesMatching: string;
    };

    expect(call).toMatchObject({
      service: 'DynamoDB',
      action: 'putItem',
      ignoreErrorCodesMatching: 'ConditionalCheckFailedException',
      parameters: { TableName: 'TABLE', ConditionExpression: 'attribute_not_exists(pk)' },
    });
    expect(resource?.Properties?.Update).toEqual(resource?.Properties?.Create);
    expect(unmarshall(call.parameters.Item)).toEqual(
      builtInPortalItem(BUILT_IN_CREATED_AT, BUILT_IN_CREATED_BY),
    );
  });
});
