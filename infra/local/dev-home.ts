/** The local home of `npm run dev`, loaded by infra/local/dev.ts (which see). */

import { spawn } from 'node:child_process';
import type http from 'node:http';
import { join } from 'node:path';
import { createServer, type ViteDevServer } from 'vite';
import { type StateMachineName, stateMachines, workflowSchedules } from '../../lambdas/workflows/registry';
import { startLocalEdge } from './edge-server';
import { localExtraRoutes } from './extra-routes';
import { type LocalHome, ROOT, startLocalHome } from './home';
import { HomeRunningError, PortBusyError } from './processes';
import { LOCAL_ACCOUNTS, seedLocalHome } from './seed';
import { warmUpWebApp } from './warm-up';

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

const started = Number(process.env.LOCAL_DEV_STARTED ?? Date.now());
const count = (n: number) => n.toLocaleString('en-US');
const interactive = process.stdout.isTTY === true;

/** One line of progress, with the seconds since `npm run dev` started. */
function say(text: string): void {
  const line = `[${((Date.now() - started) / 1000).toFixed(1).padStart(5)} s] ${text}`;
  if (interactive) process.stdout.write(`\r\x1b[2K${line}\n`);
  else console.log(line);
}

/** The seed's count, rewritten in place on a terminal, one line a quarter elsewhere. */
function seedProgress(): (done: number, total: number) => void {
  let shown = 0;
  return (done, total) => {
    const line = `Seeding the demo directory: ${count(done)} of ${count(total)} investors`;
    if (interactive) {
      process.stdout.write(`\r\x1b[2K[${((Date.now() - started) / 1000).toFixed(1).padStart(5)} s] ${line}`);
      if (done === total) process.stdout.write('\n');
    } else if (done === total || done - shown >= total / 4) {
      shown = done;
      say(line);
    }
  };
}

async function main(): Promise<void> {
  const inMemory = process.env.LOCAL_IN_MEMORY === '1';
  say('Starting the local home (DynamoDB Local, cognito-local, aws-ses-v2-local, s3rver)...');
  home = await startLocalHome({
    mode: 'dev',
    inMemory,
    alsoFree: [{ port: APP_PORT, purpose: 'Vite dev server (the app)' }],
    extraRoutes: localExtraRoutes,
    onChildExit: (name, code, output) => {
      console.error(
        `\n${name} stopped unexpectedly (exit code ${code}). Its last output:\n${output.slice(-3000)}`,
      );
      void shutdown(1);
    },
  });
  const local = home;

  // The web app is prepared while the directory is seeded: one waits on the table, the other on the CPU.
  const web = startWebApp(local);
  const seeded = await seedLocalHome(local.cognito, { onStep: say, onProgress: seedProgress() });
  if (seeded.seeded) say('Seeded the demo directory, podcasts, projects and accounts.');
  startLocalSchedules(local);
  await web;

  const app = `http://localhost:${APP_PORT}`;
  const banner = [
    '',
    '  VC Directory is running locally.',
    '',
    `  App:          ${app}`,
    `  Portal page:  http://vcn.localhost:${APP_PORT}`,
    `  Mail inbox:   ${local.urls.sesInbox}   (every email the product sends)`,
    `  API:          ${local.urls.api}`,
    '',
    '  Local-only accounts:',
    `    admin    ${LOCAL_ACCOUNTS.admin.email}   password ${LOCAL_ACCOUNTS.admin.password}`,
    `    founder  ${LOCAL_ACCOUNTS.founder.email}   password ${LOCAL_ACCOUNTS.founder.password}`,
    `    investor ${LOCAL_ACCOUNTS.investor.email}  password ${LOCAL_ACCOUNTS.investor.password}`,
    '',
    !inMemory
      ? `  Data is kept in ${local.stateDir} (delete it to start over).`
      : process.env.LOCAL_STATE_DIR
        ? `  The table is kept in memory, gone when you stop; the other emulators' files are in ${local.stateDir}.`
        : '  Data is kept in memory: it is gone when you stop.',
    `  Ready in ${((Date.now() - started) / 1000).toFixed(1)} s. Press Ctrl-C to stop.`,
    '',
  ];
  console.log(banner.join('\n'));
}

/**
 * The web app behind the local edge: the production build (`LOCAL_WEB=build`), or the Vite dev
 * server, whose every file of the app is then loaded once (./warm-up.ts) so the first page opens at
 * once after the banner.
 */
async function startWebApp(local: LocalHome): Promise<void> {
  const viteConfig = join(ROOT, 'web/vite.config.ts');
  const built = process.env.LOCAL_WEB === 'build';
  const webDir = join(local.stateDir, 'web');
  if (built) {
    say('Building the web app (production build)...');
    await buildWebApp(viteConfig, webDir);
  } else say('Starting the web app (Vite dev server)...');
  edge = await startLocalEdge({
    port: APP_PORT,
    gatewayUrl: local.urls.gateway,
    // cognito-local is reached on the same origin (/cognito); the uploads bucket is s3rver.
    origins: { uploads: local.urls.s3 },
    web: built
      ? { kind: 'static', dir: webDir }
      : {
          kind: 'vite',
          createVite: async (server) => {
            vite = await createServer({
              configFile: viteConfig,
              appType: 'spa',
              server: { middlewareMode: true, ws: { server } },
            });
            return vite;
          },
        },
  });
  if (built) {
    say('The web app is built.');
    return;
  }
  const files = await warmUpWebApp(`http://localhost:${APP_PORT}`);
  say(`The web app is prepared (${count(files)} files).`);
}

/**
 * The production build, in a process of its own: a build holds its process's event loop for seconds
 * at a time, and here that loop is the local home's, whose seed is talking to the emulators meanwhile
 * (a keep-alive socket an emulator closed while the loop was held is then reused and hangs up).
 */
function buildWebApp(viteConfig: string, outDir: string): Promise<void> {
  const vite = join(ROOT, 'node_modules/vite/bin/vite.js');
  const args = [
    vite,
    'build',
    '--config',
    viteConfig,
    '--outDir',
    outDir,
    '--emptyOutDir',
    '--logLevel',
    'warn',
  ];
  const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  const output: Buffer[] = [];
  child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
  child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolve()
        : reject(
            new Error(
              `The web app's build failed (exit ${code}):\n${Buffer.concat(output).toString('utf8')}`,
            ),
          ),
    );
  });
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
  if (error instanceof PortBusyError || error instanceof HomeRunningError)
    console.error(`\n${error.message}`);
  else console.error('\nThe local home could not start:', error);
  await shutdown(1);
});
