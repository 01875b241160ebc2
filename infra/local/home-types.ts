import type { LocalCognito } from './cognito';
import type { CognitoRelay } from './cognito-relay';
import type { LocalFunctions } from './functions';
import type { LocalMetricsSink } from './metrics-sink';
import type { LocalStepFunctions } from './stepfunctions';

/**
 * The shapes of the local home, apart from `home.ts` that starts it: the Stripe stand-ins and the
 * other extra routes take a `LocalHome` and `home.ts` imports them, so the types live here to keep
 * the imports one way.
 */
export interface LocalHomePorts {
  gateway: number;
  dynamodb: number;
  cognito: number;
  ses: number;
  s3: number;
}

export interface LocalHome {
  ports: LocalHomePorts;
  urls: { gateway: string; api: string; sesInbox: string; dynamodb: string; cognito: string; s3: string };
  cognito: LocalCognito;
  /** Relays cognito-local's verification codes to the local mail inbox and fronts it at `/cognito`. */
  cognitoRelay: CognitoRelay;
  /** The in-process Step Functions runner behind the SDK-compatible `/local/stepfunctions` endpoint. */
  stepFunctions: LocalStepFunctions;
  /** The embedded metric lines the handlers printed (CloudWatch's part), served at `/local/metrics`. */
  metrics: LocalMetricsSink;
  /** Every value of the handlers' variables (each function gets only its manifest's: `functions`). */
  env: Record<string, string>;
  /** The functions, each run with its own environment and table grants (`lambdas/manifest.ts`). */
  functions: LocalFunctions;
  stateDir: string;
  stop(): Promise<void>;
}
