/**
 * The local home's defaults, set before any other module of `npm run dev` loads: the modules read
 * them once as they load (the handlers' logger its level). Imported first by infra/local/dev.ts.
 */
// The seed and the workflows run in this process: their information lines would bury the progress.
process.env.LOG_LEVEL ??= 'WARN';
