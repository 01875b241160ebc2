import * as z from 'zod/mini';
import { readSection } from './section';

const optionalUrl = () => z.optional(z.url());

/**
 * AWS region and, in the local home, the emulator endpoints: what the Lambda runtime (or the local
 * home) gives every function, so no manifest declares it.
 */
export const awsConfig = /* @__PURE__ */ readSection('AWS', () =>
  z.object({
    AWS_REGION: z._default(z.string().check(z.minLength(1)), 'us-east-1'),
    DYNAMODB_ENDPOINT: optionalUrl(),
    S3_ENDPOINT: optionalUrl(),
    SES_ENDPOINT: optionalUrl(),
    SFN_ENDPOINT: optionalUrl(),
    /** The local home's stand-in for Lambda's Invoke (a function calling another); unset on AWS. */
    LAMBDA_ENDPOINT: optionalUrl(),
    /** cognito-local in the local home; unset on AWS. */
    COGNITO_ENDPOINT: optionalUrl(),
    /** A stand-in for Secrets Manager (tests); unset on AWS and in the local home. */
    SECRETS_MANAGER_ENDPOINT: optionalUrl(),
  }),
);
