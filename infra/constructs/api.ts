import { Duration, Stack } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import {
  ApiMapping,
  type CfnStage,
  DomainName,
  HttpApi,
  HttpMethod,
  HttpRoute,
  HttpRouteKey,
  HttpStage,
  LogGroupLogDestination,
  SecurityPolicy,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpUserPoolAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { AaaaRecord, ARecord, type IHostedZone, RecordTarget } from 'aws-cdk-lib/aws-route53';
import { ApiGatewayv2DomainProperties } from 'aws-cdk-lib/aws-route53-targets';
import { Construct } from 'constructs';
import { functionNeeds } from '../../lambdas/manifest';
import {
  type HandlerGroup,
  handlerGroups,
  type RouteDefinition,
  routeKey,
  routes,
} from '../../lambdas/routes';
import { acknowledgeGuard } from '../guard';
import { acknowledge } from '../nag';
import { keptInProd, logRetention, type Stage } from './data';
import { AppFunction } from './function';

/** Default throttling of each route of the stage (requests per second, burst). */
export const API_THROTTLE = { rateLimit: 50, burstLimit: 100 } as const;

/**
 * Public routes answer anyone without a login, so one client can call them as fast as it likes:
 * each gets less than the default, which bounds how much Lambda concurrency (shared by every
 * function of the account) anonymous traffic can take from the routes that carry money.
 */
export const PUBLIC_ROUTE_THROTTLE = { rateLimit: 20, burstLimit: 40 } as const;

/**
 * Stripe's webhook: its own limit, above what Stripe sends (it retries a throttled delivery for
 * days, so a burst is delayed, never lost) and independent of every other route.
 */
export const WEBHOOK_ROUTE_THROTTLE = { rateLimit: 25, burstLimit: 50 } as const;

/** The throttling of one route. */
export function routeThrottle(route: RouteDefinition): { rateLimit: number; burstLimit: number } {
  if (route.handler === 'stripeWebhook') return WEBHOOK_ROUTE_THROTTLE;
  return route.auth === 'public' ? PUBLIC_ROUTE_THROTTLE : API_THROTTLE;
}

/** Sizing of the handler groups that need more than the defaults (512 MB, 10 s). */
const groupSizing: Partial<Record<HandlerGroup, { memorySize: number; timeout: Duration }>> = {
  // The directory loads the search snapshot on a cold start (gunzip and decode, one CPU-bound
  // thread): 1,769 MB is one full vCPU, which the load needs to stay within budget (about 0.2 s
  // at 100,000 investors, 2 s at a million); its heap is far below that (docs/performance.md,
  // "Search engine"). Requests are milliseconds, so the larger size costs little.
  directory: { memorySize: 1769, timeout: Duration.seconds(10) },
  // Holds the same search index as the directory (a full vCPU to rank the whole directory per raise).
  shortlist: { memorySize: 1769, timeout: Duration.seconds(10) },
  // Field merger and debug listings read many records in one request.
  admin: { memorySize: 1024, timeout: Duration.seconds(29) },
  // A saved cart reads back up to 2,500 investor cards.
  carts: { memorySize: 1024, timeout: Duration.seconds(29) },
  // Stripe Connect code exchange and transaction sync wait on Stripe's API.
  stripeConnect: { memorySize: 1024, timeout: Duration.seconds(29) },
  // Deck links (issue 53): a 25 MB PDF read whole and parsed by pdf-lib when a deck is uploaded.
  decks: { memorySize: 1024, timeout: Duration.seconds(29) },
};

/** The construct id of a route: `GET /investors/{investorId}` becomes `GETInvestorsInvestorId`. */
export function routeConstructId(route: Pick<RouteDefinition, 'method' | 'path'>): string {
  const words = route.path
    .split(/[/{}+-]/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1));
  return `${route.method}${words.join('') || 'Root'}`;
}

/** The handler groups that serve at least one route, in the order of `handlerGroups`. */
export function routedGroups(): HandlerGroup[] {
  const used = new Set(routes.map((route) => route.handler));
  return (Object.keys(handlerGroups) as HandlerGroup[]).filter((group) => used.has(group));
}

export interface ApiProps {
  readonly stage: Stage;
  readonly userPool: IUserPool;
  /** The web app's client: the JWT authorizer's audience. */
  readonly webClient: IUserPoolClient;
  /**
   * The API's custom domain (`api.<domain>`), CloudFront's `/api/*` origin: the default
   * `execute-api` endpoint is disabled, so that no address answers beside the distribution's.
   */
  readonly customDomain: {
    readonly domainName: string;
    /** An ACM certificate for `domainName` in the stack's region (a regional endpoint). */
    readonly certificateArn: string;
    readonly zone: IHostedZone;
  };
}

/**
 * The HTTP API, built from `lambdas/routes.ts`: one Lambda function per handler group that serves a
 * route (its grants and variables from `lambdas/manifest.ts`, given by the stack), one route per entry, and the Cognito JWT authorizer (the
 * web client as audience) on every `user` and `admin` route. Public routes have no authorizer.
 * The `$default` stage throttles and writes JSON access logs. The API has no CORS: browsers reach
 * it on the site's own origin, through CloudFront's `/api/*` behaviour (infra/edge.ts).
 */
export class Api extends Construct {
  readonly httpApi: HttpApi;
  readonly stage: HttpStage;
  readonly domainName: DomainName;
  readonly functions: ReadonlyMap<HandlerGroup, AppFunction>;
  /** Route constructs by route key (`GET /investors`). */
  readonly routes: ReadonlyMap<string, HttpRoute>;

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);
    const removalPolicy = keptInProd(props.stage);

    this.httpApi = new HttpApi(this, 'HttpApi', {
      apiName: `${Stack.of(this).stackName}-api`,
      description: 'Investor directory API (routes from lambdas/routes.ts)',
      createDefaultStage: false,
      // Only the custom domain answers: CloudFront's origin, behind the web ACL (docs/operations.md).
      disableExecuteApiEndpoint: true,
    });

    const accessLogs = new LogGroup(this, 'AccessLogs', {
      retention: logRetention(props.stage),
      removalPolicy,
    });
    this.stage = new HttpStage(this, 'DefaultStage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle: API_THROTTLE,
      accessLogSettings: {
        destination: new LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            ip: '$context.identity.sourceIp',
            requestTime: '$context.requestTime',
            routeKey: '$context.routeKey',
            status: '$context.status',
            protocol: '$context.protocol',
            responseLength: '$context.responseLength',
            latency: '$context.responseLatency',
            integrationLatency: '$context.integrationLatency',
            integrationError: '$context.integrationErrorMessage',
            authorizerError: '$context.authorizer.error',
            userAgent: '$context.identity.userAgent',
          }),
        ),
      },
    });

    this.domainName = new DomainName(this, 'CustomDomain', {
      domainName: props.customDomain.domainName,
      certificate: Certificate.fromCertificateArn(this, 'Certificate', props.customDomain.certificateArn),
      securityPolicy: SecurityPolicy.TLS_1_2,
    });
    new ApiMapping(this, 'CustomDomainMapping', {
      api: this.httpApi,
      domainName: this.domainName,
      stage: this.stage,
    });
    const target = RecordTarget.fromAlias(
      new ApiGatewayv2DomainProperties(
        this.domainName.regionalDomainName,
        this.domainName.regionalHostedZoneId,
      ),
    );
    new ARecord(this, 'CustomDomainA', {
      zone: props.customDomain.zone,
      recordName: props.customDomain.domainName,
      target,
    });
    new AaaaRecord(this, 'CustomDomainAaaa', {
      zone: props.customDomain.zone,
      recordName: props.customDomain.domainName,
      target,
    });

    const authorizer = new HttpUserPoolAuthorizer('CognitoAuthorizer', props.userPool, {
      userPoolClients: [props.webClient],
      identitySource: ['$request.header.Authorization'],
    });

    const functions = new Map<HandlerGroup, AppFunction>();
    const integrations = new Map<HandlerGroup, HttpLambdaIntegration>();
    for (const group of routedGroups()) {
      const sizing = groupSizing[group];
      const fn = new AppFunction(this, `${group.charAt(0).toUpperCase()}${group.slice(1)}`, {
        entry: handlerGroups[group],
        description: `${functionNeeds[group].description} (${handlerGroups[group]})`,
        logRemovalPolicy: removalPolicy,
        logRetention: logRetention(props.stage),
        ...(sizing ?? {}),
      });
      functions.set(group, fn);
      // One invoke permission per function for this API, not one per route: a stack holds at most 500
      // resources, and 112 route-scoped permissions were a fifth of them. Which function a route reaches
      // is still the route table's integration alone.
      integrations.set(
        group,
        new HttpLambdaIntegration(`${group}Integration`, fn.handler, { scopePermissionToRoute: false }),
      );
    }
    this.functions = functions;

    const routeConstructs = new Map<string, HttpRoute>();
    for (const route of routes) {
      const key = routeKey(route);
      const id = routeConstructId(route);
      if (this.node.tryFindChild(id)) throw new Error(`Two routes map to the construct id ${id} (${key})`);
      const integration = integrations.get(route.handler);
      if (!integration) throw new Error(`No function for handler group ${route.handler}`);
      const construct = new HttpRoute(this, id, {
        httpApi: this.httpApi,
        routeKey: HttpRouteKey.with(route.path, HttpMethod[route.method]),
        integration,
        ...(route.auth === 'public' ? {} : { authorizer }),
      });
      if (route.auth === 'public') {
        const reason = `${key} is public in lambdas/routes.ts: it serves no contact details and needs no login (docs/decisions.md, API).`;
        acknowledge(construct, { id: 'AwsSolutions-APIG4', reason });
        acknowledgeGuard(construct, 'api_gw_v2_authorization_type_configured_check', reason);
      }
      routeConstructs.set(key, construct);
    }
    this.routes = routeConstructs;

    // Route-level throttling (HTTP APIs apply the stage default to each route; these override it).
    const cfnStage = this.stage.node.defaultChild as CfnStage;
    cfnStage.routeSettings = Object.fromEntries(
      routes
        .filter((route) => routeThrottle(route) !== API_THROTTLE)
        .map((route) => {
          const throttle = routeThrottle(route);
          return [
            routeKey(route),
            // CloudFormation's own casing: routeSettings is passed through untyped.
            { ThrottlingRateLimit: throttle.rateLimit, ThrottlingBurstLimit: throttle.burstLimit },
          ];
        }),
    );
    // The stage must not be updated before its routes exist.
    for (const construct of routeConstructs.values()) cfnStage.node.addDependency(construct);
  }

  /** The function of a handler group, if the group serves any route. */
  functionFor(group: HandlerGroup): AppFunction | undefined {
    return this.functions.get(group);
  }

  /** `https://api.<domain>`, the only address of the API (the `$default` stage has no path). */
  get url(): string {
    return `https://${this.domainName.name}`;
  }
}
