import { Duration } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  Alarm,
  ComparisonOperator,
  type IMetric,
  MathExpression,
  Metric,
  TreatMissingData,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { type ConfigurationSet, EmailSendingEvent, EventDestination } from 'aws-cdk-lib/aws-ses';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { StateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import { SERVICE_NAME } from '../../lambdas/lib/observability/logger';
import { METRICS_NAMESPACE } from '../../lambdas/lib/observability/metrics';
import { acknowledge } from '../nag';
import type { AppFunction } from './function';

/**
 * Thresholds, chosen so that an alarm means someone should look now:
 * - 5xx: five server errors in five minutes (one is a blip a retry absorbs; five is a pattern);
 * - a function's errors: any, in five minutes (handlers answer bad input themselves, so an error is
 *   a bug or a dependency down); throttles: any (a throttled webhook or delivery is delayed money);
 * - a workflow execution that fails: any (an import or a delivery that did not finish);
 * - a paid cart stuck without a delivery (counted by the watch of paid carts every 5 minutes): any;
 * - SES reputation: AWS reviews an account at a 5% bounce rate and a 0.1% complaint rate; the alarms
 *   fire at 4% and 0.08%, while there is still time to act.
 */
export const ALARM_THRESHOLDS = {
  api5xxPerFiveMinutes: 5,
  functionErrorsPerFiveMinutes: 1,
  functionThrottlesPerFiveMinutes: 1,
  failedExecutionsPerFiveMinutes: 1,
  stuckPaidCarts: 1,
  sesBounceRate: 0.04,
  sesComplaintRate: 0.0008,
} as const;

/** Metric math alarms take at most ten metrics (a CloudWatch quota). */
export const WORKFLOWS_PER_ALARM = 10;

/** The SES events mailed to the operators: each one is a buyer or user who did not get an email. */
export const SES_EVENTS_TO_OPERATORS = [
  EmailSendingEvent.BOUNCE,
  EmailSendingEvent.COMPLAINT,
  EmailSendingEvent.REJECT,
  EmailSendingEvent.DELIVERY_DELAY,
  EmailSendingEvent.RENDERING_FAILURE,
] as const;

export interface MonitoringProps {
  /** Where the alarm topic's email subscription goes (configuration `alarmEmail`). */
  readonly alarmEmail: string;
  readonly api: HttpApi;
  /** Every Lambda function of the product, by a readable name. */
  readonly functions: ReadonlyMap<string, AppFunction>;
  readonly stateMachines: Readonly<Record<string, StateMachine>>;
  readonly configurationSet: ConfigurationSet;
}

/**
 * Operations that notice: CloudWatch alarms on the API, every function, every workflow and SES's
 * reputation, all to one SNS topic emailed to the operators; and the SES configuration set's
 * bounces, complaints, rejects and delays published to the same topic.
 */
export class Monitoring extends Construct {
  readonly topic: Topic;
  readonly alarms: Alarm[] = [];

  constructor(scope: Construct, id: string, props: MonitoringProps) {
    super(scope, id);
    this.topic = new Topic(this, 'Alarms', { displayName: 'Investor directory alarms', enforceSSL: true });
    this.topic.addSubscription(new EmailSubscription(props.alarmEmail));
    acknowledge(this.topic, {
      id: 'AwsSolutions-SNS2',
      reason:
        'Alarm and SES notifications hold no personal data beyond a bounced address; CloudWatch and SES cannot publish to a topic encrypted with the AWS managed key, and a customer managed key costs $1/month for nothing here.',
    });

    const fiveMinutes = Duration.minutes(5);
    const atLeast = (
      name: string,
      metric: IMetric,
      threshold: number,
      description: string,
      comparison = ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
    ) => {
      const alarm = new Alarm(this, name, {
        metric,
        threshold,
        evaluationPeriods: 1,
        comparisonOperator: comparison,
        treatMissingData: TreatMissingData.NOT_BREACHING,
        alarmDescription: description,
      });
      alarm.addAlarmAction(new SnsAction(this.topic));
      alarm.addOkAction(new SnsAction(this.topic));
      this.alarms.push(alarm);
      return alarm;
    };

    atLeast(
      'Api5xx',
      props.api.metricServerError({ period: fiveMinutes, statistic: 'Sum' }),
      ALARM_THRESHOLDS.api5xxPerFiveMinutes,
      'The HTTP API answered 5xx (server errors) several times in five minutes.',
    );
    for (const [name, fn] of props.functions) {
      atLeast(
        `${name}Errors`,
        fn.handler.metricErrors({ period: fiveMinutes, statistic: 'Sum' }),
        ALARM_THRESHOLDS.functionErrorsPerFiveMinutes,
        `The ${name} function failed (an uncaught error or a timeout).`,
      );
    }
    // Throttles: one alarm on the account's Lambda throttles (AWS/Lambda publishes them without a
    // dimension), not one per function: a throttle means concurrency ran out, which is the account's
    // or a function's reserved limit either way, and the function's own Throttles metric says which.
    // One alarm per function cost 23 of CloudFormation's 500 resources a stack.
    atLeast(
      'FunctionThrottles',
      new Metric({ namespace: 'AWS/Lambda', metricName: 'Throttles', period: fiveMinutes, statistic: 'Sum' }),
      ALARM_THRESHOLDS.functionThrottlesPerFiveMinutes,
      'A Lambda function was throttled (concurrency exhausted): see the Throttles metric of each function for which.',
    );
    // Failed executions: the workflows' Failed metrics summed, at most ten a metric math alarm (the
    // quota), in the order the workflows are defined; the description names the workflows it covers.
    const machines = Object.entries(props.stateMachines);
    for (let start = 0; start < machines.length; start += WORKFLOWS_PER_ALARM) {
      const group = machines.slice(start, start + WORKFLOWS_PER_ALARM);
      const usingMetrics = Object.fromEntries(
        group.map(([, machine], i) => [
          `m${i}`,
          machine.metricFailed({ period: fiveMinutes, statistic: 'Sum' }),
        ]),
      );
      atLeast(
        `WorkflowExecutionsFailed${start / WORKFLOWS_PER_ALARM + 1}`,
        new MathExpression({
          expression: Object.keys(usingMetrics).join(' + '),
          usingMetrics,
          period: fiveMinutes,
          label: 'Failed executions',
        }),
        ALARM_THRESHOLDS.failedExecutionsPerFiveMinutes,
        `An execution of one of these workflows failed: ${group.map(([name]) => name).join(', ')}.`,
      );
    }
    // Issue 30: a paid cart with no delivery running or finished a few minutes on (its start failed,
    // or its run was lost). The watch publishes the count while any is stuck; docs/operations.md says
    // how to find and redeliver it.
    atLeast(
      'StuckPaidCarts',
      new Metric({
        namespace: METRICS_NAMESPACE,
        metricName: 'StuckPaidCarts',
        dimensionsMap: { service: SERVICE_NAME },
        period: fiveMinutes,
        statistic: 'Maximum',
      }),
      ALARM_THRESHOLDS.stuckPaidCarts,
      'A paid cart has no delivery running or finished: find it in the logs of the ExportTasks function ("a paid cart has no delivery") or on /admin/carts (Delivery stuck) and Redeliver it.',
    );
    const reputation = (metricName: string) =>
      new Metric({ namespace: 'AWS/SES', metricName, period: Duration.hours(1), statistic: 'Maximum' });
    atLeast(
      'SesBounceRate',
      reputation('Reputation.BounceRate'),
      ALARM_THRESHOLDS.sesBounceRate,
      'The SES bounce rate is near the 5% at which AWS reviews the account.',
      ComparisonOperator.GREATER_THAN_THRESHOLD,
    );
    atLeast(
      'SesComplaintRate',
      reputation('Reputation.ComplaintRate'),
      ALARM_THRESHOLDS.sesComplaintRate,
      'The SES complaint rate is near the 0.1% at which AWS reviews the account.',
      ComparisonOperator.GREATER_THAN_THRESHOLD,
    );

    props.configurationSet.addEventDestination('ToOperators', {
      destination: EventDestination.snsTopic(this.topic),
      events: [...SES_EVENTS_TO_OPERATORS],
    });
  }
}
