import { Annotations, Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  AllowedMethods,
  CachePolicy,
  Function as CloudFrontFunction,
  Distribution,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  PriceClass,
  ResponseHeadersPolicy,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { CfnPolicy } from 'aws-cdk-lib/aws-iam';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { AaaaRecord, ARecord, type IHostedZone, RecordTarget } from 'aws-cdk-lib/aws-route53';
import { CloudFrontTarget } from 'aws-cdk-lib/aws-route53-targets';
import type { Bucket } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, type ISource, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct, type IConstruct } from 'constructs';
import { acknowledge, acknowledgeExpectedWildcards, wildcardFindingId } from '../nag';
import { privateBucket, type Stage } from './data';

/**
 * The CloudFront Function (viewer request) that serves the single-page app: a path whose last
 * segment has no file extension (`/search`, `/projects/42`) is an app route and gets `/index.html`;
 * files (`/assets/app-1a2b.js`, `/runtime-config.json`) pass through.
 */
export const SPA_REWRITE_CODE = `function handler(event) {
  var request = event.request;
  var lastSegment = request.uri.substring(request.uri.lastIndexOf('/') + 1);
  if (lastSegment.indexOf('.') === -1) {
    request.uri = '/index.html';
  }
  return request;
}`;

/** The Content-Security-Policy of the site: itself, the API and Cognito, nothing else runs or connects. */
export function contentSecurityPolicy(apiOrigin: string, cognitoOrigin: string): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    // React and react-bootstrap set style attributes; no script may be inlined.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self' data:",
    `connect-src 'self' ${apiOrigin} ${cognitoOrigin}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    'upgrade-insecure-requests',
  ].join('; ');
}

export interface SiteProps {
  readonly stage: Stage;
  /** The apex domain; the distribution also answers `*.domain` (portals). */
  readonly domain: string;
  readonly zone: IHostedZone;
  /** An ACM certificate in us-east-1 covering `domain` and `*.domain`. */
  readonly certificateArn: string;
  /** Receives S3 server access logs and CloudFront logs. */
  readonly logs: Bucket;
  /** `https://{api-id}.execute-api.{region}.amazonaws.com`, allowed by the CSP. */
  readonly apiOrigin: string;
  /** `https://cognito-idp.{region}.amazonaws.com`, allowed by the CSP. */
  readonly cognitoOrigin: string;
  /** The web app's runtime configuration, written as `/runtime-config.json`. */
  readonly runtimeConfig: Readonly<Record<string, unknown>>;
  /** Absolute path of the built web app (`web/dist`); skipped with a warning when it does not exist. */
  readonly webDist: string;
  /** Whether `webDist` exists (checked once by the caller, at synth time). */
  readonly webDistExists: boolean;
}

/**
 * The web site: a private bucket behind CloudFront (Origin Access Control) answering the apex and
 * every subdomain with one certificate, an SPA rewrite at the edge, security headers, Route 53
 * alias records, and the built app plus its `runtime-config.json` deployed to the bucket.
 */
export class Site extends Construct {
  readonly bucket: Bucket;
  readonly distribution: Distribution;
  readonly spaRewrite: CloudFrontFunction;

  constructor(scope: Construct, id: string, props: SiteProps) {
    super(scope, id);
    const dev = props.stage === 'dev';
    const wildcard = `*.${props.domain}`;

    this.bucket = privateBucket(this, 'Bucket', { stage: props.stage, accessLogs: props.logs });

    this.spaRewrite = new CloudFrontFunction(this, 'SpaRewrite', {
      comment: 'Serves /index.html for app routes (paths without a file extension)',
      runtime: FunctionRuntime.JS_2_0,
      code: FunctionCode.fromInline(SPA_REWRITE_CODE),
    });

    const headers = new ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'HSTS, nosniff, frame DENY, referrer policy, CSP (self, API, Cognito)',
      securityHeadersBehavior: {
        strictTransportSecurity: {
          accessControlMaxAge: Duration.days(730),
          includeSubdomains: true,
          preload: true,
          override: true,
        },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
        referrerPolicy: {
          referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN,
          override: true,
        },
        contentSecurityPolicy: {
          contentSecurityPolicy: contentSecurityPolicy(props.apiOrigin, props.cognitoOrigin),
          override: true,
        },
      },
    });

    this.distribution = new Distribution(this, 'Distribution', {
      comment: `Investor directory web app (${props.stage})`,
      domainNames: [props.domain, wildcard],
      certificate: Certificate.fromCertificateArn(this, 'Certificate', props.certificateArn),
      minimumProtocolVersion: SecurityPolicyProtocol.TLS_V1_2_2021,
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: PriceClass.PRICE_CLASS_100,
      defaultRootObject: 'index.html',
      enableLogging: true,
      logBucket: props.logs,
      logFilePrefix: 'cloudfront/',
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(this.bucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        compress: true,
        responseHeadersPolicy: headers,
        functionAssociations: [{ function: this.spaRewrite, eventType: FunctionEventType.VIEWER_REQUEST }],
      },
    });
    acknowledge(
      this.distribution,
      {
        id: 'AwsSolutions-CFR1',
        reason: 'The directory serves founders worldwide; the spec has no country restriction.',
      },
      {
        id: 'AwsSolutions-CFR2',
        reason:
          'The distribution serves only static files from a private bucket; the API has its own throttling. AWS WAF (about $6/month plus requests) can be added when abuse appears (docs/operations.md).',
      },
    );

    const target = RecordTarget.fromAlias(new CloudFrontTarget(this.distribution));
    for (const [recordId, recordName] of [
      ['Apex', props.domain],
      ['Wildcard', wildcard],
    ] as const) {
      new ARecord(this, `${recordId}A`, { zone: props.zone, recordName, target });
      new AaaaRecord(this, `${recordId}Aaaa`, { zone: props.zone, recordName, target });
    }

    this.deployContent(props, dev);
  }

  /**
   * Hashed assets are immutable and kept across deployments (open tabs still load them); the entry
   * files (`index.html`, `runtime-config.json`, public files) are revalidated and invalidated.
   */
  private deployContent(props: SiteProps, dev: boolean): void {
    const logGroup = new LogGroup(this, 'DeploymentLogs', {
      retention: RetentionDays.ONE_MONTH,
      removalPolicy: dev ? RemovalPolicy.DESTROY : RemovalPolicy.RETAIN,
    });
    const common = { destinationBucket: this.bucket, prune: false, logGroup, memoryLimit: 512 };

    let assets: BucketDeployment | undefined;
    const entrySources: ISource[] = [Source.jsonData('runtime-config.json', props.runtimeConfig)];
    if (props.webDistExists) {
      assets = new BucketDeployment(this, 'WebAssets', {
        ...common,
        sources: [Source.asset(props.webDist, { exclude: ['*', '!assets', '!assets/**'] })],
        cacheControl: [CacheControl.fromString('public, max-age=31536000, immutable')],
      });
      entrySources.unshift(Source.asset(props.webDist, { exclude: ['assets', 'assets/**'] }));
    } else {
      Annotations.of(this).addWarningV2(
        'investor-directory:web-dist-missing',
        `${props.webDist} does not exist, so the web app is not deployed (only runtime-config.json is). Run npm run build before cdk deploy.`,
      );
    }

    const entry = new BucketDeployment(this, assets ? 'WebEntry' : 'RuntimeConfig', {
      ...common,
      sources: entrySources,
      cacheControl: [CacheControl.noCache()],
      distribution: this.distribution,
      distributionPaths: ['/*'],
    });
    if (assets) entry.node.addDependency(assets);

    acknowledgeDeploymentHandler(Stack.of(this), this.bucket);
  }
}

/** cdk-nag findings on the BucketDeployment custom resource that aws-cdk-lib creates once per stack. */
function acknowledgeDeploymentHandler(stack: Stack, siteBucket: Bucket): void {
  const handler = stack.node.children.find((child: IConstruct) =>
    child.node.id.startsWith('Custom::CDKBucketDeployment'),
  );
  if (!handler) return;
  acknowledge(
    handler,
    {
      id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
      reason:
        "aws-cdk-lib's BucketDeployment handler role; its managed policy only allows writing CloudWatch logs.",
    },
    {
      id: 'AwsSolutions-L1',
      reason:
        "The BucketDeployment handler's runtime is chosen by aws-cdk-lib and moves with it; it runs only during deployments.",
    },
  );
  const policy = handler.node.tryFindChild('ServiceRole')?.node.tryFindChild('DefaultPolicy')
    ?.node.defaultChild;
  if (!(policy instanceof CfnPolicy)) return;
  acknowledgeExpectedWildcards(policy, [
    {
      finding: /^AwsSolutions-IAM5\[Action::s3:(GetBucket|GetObject|List|Abort|DeleteObject)\*\]$/,
      reason:
        "aws-cdk-lib's BucketDeployment reads its asset zip from the CDK assets bucket and writes the site bucket; its built-in grants (read, read/write/delete) use these action groups on those two buckets only.",
    },
    {
      finding: /^AwsSolutions-IAM5\[Resource::arn:[^:]+:s3:::cdk-[a-z0-9]+-assets-[^/]+\/\*\]$/,
      reason:
        'Objects of the CDK bootstrap assets bucket, read-only: the deployment reads its asset zip there.',
    },
    {
      finding: wildcardFindingId(policy, siteBucket.arnForObjects('*')),
      reason: 'The objects of the site bucket, which the deployment writes.',
    },
    {
      finding: /^AwsSolutions-IAM5\[Resource::\*\]$/,
      reason:
        'cloudfront:CreateInvalidation/GetInvalidation, used to invalidate the distribution after a deployment, support no resource-level permissions in this handler.',
    },
  ]);
}
