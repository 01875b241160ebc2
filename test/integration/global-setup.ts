import type { TestProject } from 'vitest/node';
import { type LocalHome, startLocalHome } from '../../infra/local/home';

/**
 * Starts the local home once per run in test mode (DynamoDB Local in memory, free ports, a fixed
 * cognito-local confirmation code) and stops it when the run ends.
 */
let home: LocalHome | undefined;

export async function setup(project: TestProject) {
  home = await startLocalHome({
    mode: 'test',
    onChildExit: (name, code, output) => console.error(`${name} exited (${code}):\n${output}`),
  });
  project.provide('localHome', {
    env: home.env,
    urls: home.urls,
    cognito: {
      endpoint: home.cognito.endpoint,
      userPoolId: home.cognito.userPoolId,
      clientId: home.cognito.clientId,
      issuer: home.cognito.issuer,
    },
  });
}

export async function teardown() {
  await home?.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    localHome: {
      env: Record<string, string>;
      urls: LocalHome['urls'];
      cognito: { endpoint: string; userPoolId: string; clientId: string; issuer: string };
    };
  }
}
