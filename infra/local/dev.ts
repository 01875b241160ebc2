/**
 * `npm run dev`: the whole product on this machine, offline. Starts the local home (emulators,
 * table, user pool, buckets, local gateway), seeds it on the first run, then the local edge
 * (infra/local/edge-server.ts): the web app and `/api` on one origin behind the same edge as
 * CloudFront's, and prints where to open everything. Ctrl-C (or any child dying) stops every process.
 *
 * The web app is the Vite dev server with hot reload; with `LOCAL_WEB=build` it is the production
 * build, served under the production headers (what the e2e tests run).
 */
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

import type http from 'node:http';
import { join } from 'node:path';
import { build, createServer, type ViteDevServer } from 'vite';
import { type StateMachineName, stateMachines, workflowSchedules } from '../../lambdas/workflows/registry';
import { startLocalEdge } from './edge-server';
import { localExtraRoutes } from './extra-routes';
import { type LocalHome, ROOT, startLocalHome } from './home';
import { assertPortFree, PortBusyError } from './processes';
import { LOCAL_ACCOUNTS, seedLocalHome } from './seed';

const APP_PORT = Number(process.env.LOCAL_APP_PORT ?? 5173);

let home: LocalHome | undefined;
let vite: ViteDevServer | undefined;
let edge: http.Server | undefined;
let shuttingDown = false;

async function shutdown(code: number): Promise<never> {
  if (!shuttingDown) {
    shuttingDown = true;
    console.log('\nStopping the local home...');
    // Whatever hangs, leave within seconds: exiting kills every child (see startLocalHome).
    setTimeout(() => process.exit(code), 8_000).unref();
    edge?.closeAllConnections();
    edge?.close();
    await vite?.close().catch(() => undefined);
    await home?.stop().catch(() => undefined);
  }
  process.exit(code);
}

process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));
process.on('SIGHUP', () => void shutdown(0));

async function main(): Promise<void> {
  const started = Date.now();
  await assertPortFree(APP_PORT, 'Vite dev server (the app)');
  console.log('Starting the local home (DynamoDB Local, cognito-local, aws-ses-v2-local, s3rver)...');
  home = await startLocalHome({
    mode: 'dev',
    inMemory: process.env.LOCAL_IN_MEMORY === '1',
    extraRoutes: localExtraRoutes,
    onChildExit: (name, code, output) => {
      console.error(
        `\n${name} stopped unexpectedly (exit code ${code}). Its last output:\n${output.slice(-3000)}`,
      );
      void shutdown(1);
    },
  });

  const seeded = await seedLocalHome(home.cognito);
  if (seeded.seeded) console.log('Seeded the demo directory, podcasts, projects and accounts.');
  startLocalSchedules(home);

  const viteConfig = join(ROOT, 'web/vite.config.ts');
  const built = process.env.LOCAL_WEB === 'build';
  const webDir = join(home.stateDir, 'web');
  if (built) await build({ configFile: viteConfig, logLevel: 'warn', build: { outDir: webDir } });
  edge = await startLocalEdge({
    port: APP_PORT,
    gatewayUrl: home.urls.gateway,
    // cognito-local is reached on the same origin (/cognito); the uploads bucket is s3rver.
    origins: { uploads: home.urls.s3 },
    web: built
      ? { kind: 'static', dir: webDir }
      : {
          kind: 'vite',
          createVite: async (server) => {
            vite = await createServer({
              configFile: viteConfig,
              appType: 'spa',
              server: { middlewareMode: true, hmr: { server } },
            });
            return vite;
          },
        },
  });

  const app = `http://localhost:${APP_PORT}`;
  const banner = [
    '',
    '  VC Directory is running locally.',
    '',
    `  App:          ${app}`,
    `  Portal page:  http://vcn.localhost:${APP_PORT}`,
    `  Mail inbox:   ${home.urls.sesInbox}   (every email the product sends)`,
    `  API:          ${home.urls.api}`,
    '',
    '  Local-only accounts:',
    `    admin    ${LOCAL_ACCOUNTS.admin.email}   password ${LOCAL_ACCOUNTS.admin.password}`,
    `    founder  ${LOCAL_ACCOUNTS.founder.email}   password ${LOCAL_ACCOUNTS.founder.password}`,
    `    investor ${LOCAL_ACCOUNTS.investor.email}  password ${LOCAL_ACCOUNTS.investor.password}`,
    '',
    `  Data is kept in ${home.stateDir} (delete it to start over).`,
    `  Ready in ${((Date.now() - started) / 1000).toFixed(1)} s. Press Ctrl-C to stop.`,
    '',
  ];
  console.log(banner.join('\n'));
}

/**
 * The scheduled workflows (EventBridge Scheduler's part on AWS, from the same definitions): each
 * started as often as on AWS with the same input, and those marked `localRunAtStart` also when the
 * local home starts.
 */
function startLocalSchedules(local: LocalHome): void {
  for (const [name, schedule] of Object.entries(workflowSchedules)) {
    const arn = local.env[stateMachines[name as StateMachineName].arnVariable];
    if (!arn) continue;
    const run = () => local.stepFunctions.start(arn, JSON.stringify(schedule.input));
    if (schedule.localRunAtStart) run();
    setInterval(run, schedule.everyMinutes * 60 * 1000).unref();
  }
}

main().catch(async (error: unknown) => {
  if (error instanceof PortBusyError) console.error(`\n${error.message}`);
  else console.error('\nThe local home could not start:', error);
  await shutdown(1);
});
