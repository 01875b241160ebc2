import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Annotations, Duration, Stack } from 'aws-cdk-lib';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  AllowedMethods,
  CacheCookieBehavior,
  CacheHeaderBehavior,
  CachePolicy,
  CacheQueryStringBehavior,
  Function as CloudFrontFunction,
  Distribution,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  PriceClass,
  ResponseHeadersPolicy,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { CfnPolicy } from 'aws-cdk-lib/aws-iam';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { AaaaRecord, ARecord, type IHostedZone, RecordTarget } from 'aws-cdk-lib/aws-route53';
import { CloudFrontTarget } from 'aws-cdk-lib/aws-route53-targets';
import type { Bucket } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, type ISource, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { PRERENDERED_PAGES } from '../../shared/prerendered-pages';
import {
  API_PATH_PATTERN,
  API_REQUEST_CODE,
  CACHED_API_PATH_PATTERNS,
  contentSecurityPolicy,
  PUBLIC_CACHE_MAX_SECONDS,
  PUBLIC_CACHE_SECONDS,
  SECURITY_HEADERS,
  VIEWER_REQUEST_CODE,
} from '../edge';
import { acknowledgeGuard } from '../guard';
import { acknowledge, acknowledgeCdkHandler, acknowledgeExpectedWildcards, wildcardFindingId } from '../nag';
import { keptInProd, logRetention, privateBucket, type Stage } from './data';

export interface SiteProps {
  readonly stage: Stage;
  /** The apex domain; the distribution also answers `*.domain` (portals). */
  readonly domain: string;
  readonly zone: IHostedZone;
  /** An ACM certificate in us-east-1 covering `domain` and `*.domain`. */
  readonly certificateArn: string;
  /** Receives S3 server access logs and CloudFront logs. */
  readonly logs: Bucket;
  /** The HTTP API's custom domain (`api.<domain>`), served under `/api`. */
  readonly apiDomain: string;
  /** The web ACL of the distribution (CLOUDFRONT scope, infra/constructs/firewall.ts). */
  readonly webAclArn: string;
  /** `https://{bucket}.s3.{region}.amazonaws.com`: the admin's browser PUTs import files there. */
  readonly uploadsOrigin: string;
  /** `https://cognito-idp.{region}.amazonaws.com`, allowed by the CSP. */
  readonly cognitoOrigin: string;
  /** The web app's runtime configuration, written as `/runtime-config.json`. */
  readonly runtimeConfig: Readonly<Record<string, unknown>>;
  /** Absolute path of the built web app (`web/dist`); skipped with a warning when it does not exist. */
  readonly webDist: string;
  /** Whether `webDist` exists (checked once by the caller, at synth time). */
  readonly webDistExists: boolean;
  /** A missing `webDist` is an error, not a warning (a real account is targeted). */
  readonly requireWebDist?: boolean;
}

/**
 * The web site: a private bucket behind CloudFront (Origin Access Control) answering the apex and
 * every subdomain with one certificate, an SPA rewrite at the edge, security headers, Route 53
 * alias records, and the built app plus its `runtime-config.json` deployed to the bucket.
 */
export class Site extends Construct {
  readonly bucket: Bucket;
  readonly distribution: Distribution;
  readonly viewerRequest: CloudFrontFunction;
  readonly apiRequest: CloudFrontFunction;

  constructor(scope: Construct, id: string, props: SiteProps) {
    super(scope, id);
    const wildcard = `*.${props.domain}`;

    this.bucket = privateBucket(this, 'Bucket', { stage: props.stage, accessLogs: props.logs });
    acknowledgeGuard(
      this.bucket,
      's3_bucket_versioning_enabled_check',
      'The site bucket holds only the built web app, deployed again from git by every deployment; hashed assets are kept across deployments (prune: false), so nothing in it exists only there.',
    );

    this.viewerRequest = new CloudFrontFunction(this, 'SpaRewrite', {
      comment: 'www. to the apex; /index.html for app routes (infra/edge.ts)',
      runtime: FunctionRuntime.JS_2_0,
      code: FunctionCode.fromInline(VIEWER_REQUEST_CODE),
    });
    this.apiRequest = new CloudFrontFunction(this, 'ApiPrefix', {
      comment: 'Removes the /api prefix before the HTTP API (infra/edge.ts)',
      runtime: FunctionRuntime.JS_2_0,
      code: FunctionCode.fromInline(API_REQUEST_CODE),
    });

    const hsts = SECURITY_HEADERS.strictTransportSecurity;
    const headers = new ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'HSTS, nosniff, frame DENY, referrer policy, CSP (infra/edge.ts)',
      securityHeadersBehavior: {
        strictTransportSecurity: {
          accessControlMaxAge: Duration.seconds(hsts.maxAgeSeconds),
          includeSubdomains: hsts.includeSubdomains,
          preload: hsts.preload,
          override: true,
        },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: HeadersFrameOption[SECURITY_HEADERS.frameOptions], override: true },
        referrerPolicy: {
          referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN,
          override: true,
        },
        contentSecurityPolicy: {
          contentSecurityPolicy: contentSecurityPolicy({
            cognito: props.cognitoOrigin,
            uploads: props.uploadsOrigin,
          }),
          override: true,
        },
      },
    });

    // The API on the site's own origin: never cached, every viewer header but Host (API Gateway
    // routes on its own host name), all methods.
    const apiOrigin = new HttpOrigin(props.apiDomain, { protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY });
    const apiBehavior = {
      origin: apiOrigin,
      viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      allowedMethods: AllowedMethods.ALLOW_ALL,
      cachePolicy: CachePolicy.CACHING_DISABLED,
      originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
      responseHeadersPolicy: headers,
      functionAssociations: [{ function: this.apiRequest, eventType: FunctionEventType.VIEWER_REQUEST }],
    };
    // Public GETs kept a short time at the edge (infra/edge.ts says which and why).
    const publicCache = new CachePolicy(this, 'PublicApiCache', {
      comment: `Public API GETs: ${PUBLIC_CACHE_SECONDS} s by default (infra/edge.ts)`,
      defaultTtl: Duration.seconds(PUBLIC_CACHE_SECONDS),
      minTtl: Duration.seconds(0),
      maxTtl: Duration.seconds(PUBLIC_CACHE_MAX_SECONDS),
      queryStringBehavior: CacheQueryStringBehavior.all(),
      headerBehavior: CacheHeaderBehavior.none(),
      cookieBehavior: CacheCookieBehavior.none(),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    });
    const cachedApiBehavior = {
      ...apiBehavior,
      allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
      cachePolicy: publicCache,
      originRequestPolicy: undefined,
    };

    this.distribution = new Distribution(this, 'Distribution', {
      comment: `Investor directory web app (${props.stage})`,
      domainNames: [props.domain, wildcard],
      certificate: Certificate.fromCertificateArn(this, 'Certificate', props.certificateArn),
      minimumProtocolVersion: SecurityPolicyProtocol.TLS_V1_2_2021,
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: PriceClass.PRICE_CLASS_100,
      webAclId: props.webAclArn,
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
        functionAssociations: [{ function: this.viewerRequest, eventType: FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        // CloudFront matches behaviours in order: the cached public paths before the catch-all /api/*.
        ...Object.fromEntries(CACHED_API_PATH_PATTERNS.map((pattern) => [pattern, cachedApiBehavior])),
        [API_PATH_PATTERN]: apiBehavior,
      },
    });
    acknowledge(this.distribution, {
      id: 'AwsSolutions-CFR1',
      reason: 'The directory serves founders worldwide; the spec has no country restriction.',
    });

    const target = RecordTarget.fromAlias(new CloudFrontTarget(this.distribution));
    for (const [recordId, recordName] of [
      ['Apex', props.domain],
      ['Wildcard', wildcard],
    ] as const) {
      new ARecord(this, `${recordId}A`, { zone: props.zone, recordName, target });
      new AaaaRecord(this, `${recordId}Aaaa`, { zone: props.zone, recordName, target });
    }

    this.deployContent(props);
  }

  /**
   * Hashed assets are immutable and kept across deployments (open tabs still load them); the entry
   * files (`index.html`, the prerendered pages' files, `runtime-config.json`, public files) are
   * revalidated and invalidated.
   */
  private deployContent(props: SiteProps): void {
    const logGroup = new LogGroup(this, 'DeploymentLogs', {
      retention: logRetention(props.stage),
      removalPolicy: keptInProd(props.stage),
    });
    const common = { destinationBucket: this.bucket, prune: false, logGroup, memoryLimit: 512 };

    let assets: BucketDeployment | undefined;
    const entrySources: ISource[] = [Source.jsonData('runtime-config.json', props.runtimeConfig)];
    if (props.webDistExists) {
      // The viewer-request function answers a prerendered page's path with its file: without it,
      // that path would answer 403 (infra/edge.ts).
      const missing = PRERENDERED_PAGES.filter((page) => !existsSync(join(props.webDist, page.file)));
      if (missing.length > 0)
        Annotations.of(this).addError(
          `${props.webDist} has no ${missing.map((page) => page.file).join(', ')}: CloudFront would answer ${missing.map((page) => page.path).join(', ')} with 403. Build the web app again (npm run build).`,
        );
      assets = new BucketDeployment(this, 'WebAssets', {
        ...common,
        sources: [Source.asset(props.webDist, { exclude: ['*', '!assets', '!assets/**'] })],
        cacheControl: [CacheControl.fromString('public, max-age=31536000, immutable')],
      });
      entrySources.unshift(Source.asset(props.webDist, { exclude: ['assets', 'assets/**'] }));
    } else if (props.requireWebDist) {
      Annotations.of(this).addError(
        `${props.webDist} does not exist: deploying now would serve a blank site. Run npm run build (cdk.json's app command does) and deploy again.`,
      );
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
  const handler = acknowledgeCdkHandler(stack, 'Custom::CDKBucketDeployment', 'BucketDeployment');
  if (!handler) return;
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
