/**
 * `npm run dev`: the whole product on this machine, offline. Starts the local home (emulators,
 * table, user pool, buckets, local gateway), seeds it on the first run, then the local edge
 * (infra/local/edge-server.ts): the web app and `/api` on one origin behind the same edge as
 * CloudFront's, and prints where to open everything. Ctrl-C (or any child dying) stops every process.
 *
 * The web app is the Vite dev server with hot reload; with `LOCAL_WEB=build` it is the production
 * build, served under the production headers (what the e2e tests run).
 */
import './dev-env';

// Something at once: loading the local home's code (the AWS SDK, Vite, the handlers) takes seconds.
process.env.LOCAL_DEV_STARTED = String(Date.now());
console.log('Loading the local home...');
await import('./dev-home');
