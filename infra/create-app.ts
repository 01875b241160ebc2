import { CfnGuardValidator } from '@cdklabs/cdk-validator-cfnguard';
import { App, Tags, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { type DeploymentConfig, resolveDeploymentConfig, targetsRealAccount } from './config';
import { EdgeFirewallStack } from './constructs/firewall';
import { InvestorDirectoryStack } from './stack';

export interface CreateAppOptions {
  /** CDK context (the CLI passes `cdk.json` and `-c` values itself; tests pass them here). */
  readonly context?: Record<string, unknown>;
  /** Environment variables: `DEPLOY_*` settings and `CDK_DEFAULT_ACCOUNT`/`CDK_DEFAULT_REGION`. */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Cloud assembly directory. @default the CLI's, or a temporary directory */
  readonly outdir?: string;
  /** The built web app. @default `web/dist` */
  readonly webDist?: string;
  /** The stack's id and name. @default `InvestorDirectory-<stage>` (`test/aws/` names its throwaway copies) */
  readonly stackId?: string;
}

/**
 * The CDK app: the validated configuration, one stack per stage (`InvestorDirectory-dev`,
 * `InvestorDirectory-prod`) with its us-east-1 companion for the CloudFront web ACL
 * (`InvestorDirectoryEdge-<stage>`), and cdk-nag's AwsSolutions checks run at every synth.
 */
export function createApp(options: CreateAppOptions): {
  app: App;
  stack: InvestorDirectoryStack;
  /** The distribution's web ACL, in us-east-1 (infra/constructs/firewall.ts). */
  edgeStack: EdgeFirewallStack;
  config: DeploymentConfig;
} {
  const app = new App({
    ...(options.context ? { context: options.context } : {}),
    ...(options.outdir ? { outdir: options.outdir } : {}),
  });
  const config = resolveDeploymentConfig({ context: (key) => app.node.tryGetContext(key), env: options.env });
  const account = options.env.CDK_DEFAULT_ACCOUNT;
  // The distribution refers to a web ACL that AWS only creates in us-east-1, from another stack: a
  // reference between stacks needs both regions known. The CLI sets CDK_DEFAULT_REGION from the
  // credentials' region; an offline synth without one is a us-east-1 synth.
  const region = options.env.CDK_DEFAULT_REGION?.trim() || 'us-east-1';
  const edgeStack = new EdgeFirewallStack(
    app,
    options.stackId ? `${options.stackId}-Edge` : `InvestorDirectoryEdge-${config.stage}`,
    {
      stage: config.stage,
      env: { ...(account ? { account } : {}), region: 'us-east-1' },
      crossRegionReferences: region !== 'us-east-1',
      description: `Investor directory (${config.stage}): the CloudFront web ACL (us-east-1 only)`,
      terminationProtection: config.stage === 'prod',
    },
  );
  const stack = new InvestorDirectoryStack(app, options.stackId ?? `InvestorDirectory-${config.stage}`, {
    config,
    siteWebAclArn: edgeStack.firewall.webAcl.attrArn,
    crossRegionReferences: region !== 'us-east-1',
    deployable: targetsRealAccount(options.env),
    ...(options.webDist ? { webDist: options.webDist } : {}),
    env: { ...(account ? { account } : {}), region },
    description: `Investor directory (${config.stage}): web app, HTTP API, workflows and data`,
    terminationProtection: config.stage === 'prod',
  });
  for (const tagged of [stack, edgeStack]) {
    Tags.of(tagged).add('project', 'investor-directory');
    Tags.of(tagged).add('stage', config.stage);
  }
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  // AWS Control Tower's proactive controls (cfn-guard rules): a second, independent check (infra/guard.ts).
  Validations.of(app).addPlugins(new CfnGuardValidator());
  return { app, stack, edgeStack, config };
}
