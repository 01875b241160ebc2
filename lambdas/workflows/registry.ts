/**
 * The workflows, the single source of truth for both homes: CDK loads each definition with
 * `DefinitionBody.fromFile` and substitutes the task functions' ARNs; the local home runs the same
 * files in-process and routes each substituted ARN to the same handler module.
 */
export const workflowTaskFunctions = {
  DirectoryTasksFunctionArn: 'lambdas/workflows/directory-tasks.ts',
  ImportTasksFunctionArn: 'lambdas/workflows/import-tasks.ts',
  ExportTasksFunctionArn: 'lambdas/workflows/export-tasks.ts',
  SummaryTasksFunctionArn: 'lambdas/workflows/summary-tasks.ts',
  PortalTasksFunctionArn: 'lambdas/workflows/portal-tasks.ts',
  AlertTasksFunctionArn: 'lambdas/workflows/alert-tasks.ts',
  MigrationTasksFunctionArn: 'lambdas/workflows/migration-tasks.ts',
  StripeTasksFunctionArn: 'lambdas/workflows/stripe-tasks.ts',
  UpdateTasksFunctionArn: 'lambdas/workflows/update-tasks.ts',
} as const;

export type WorkflowTaskFunction = keyof typeof workflowTaskFunctions;

export const stateMachines = {
  mapping: { definition: 'lambdas/workflows/mapping.asl.json', arnVariable: 'MAPPING_STATE_MACHINE_ARN' },
  aggregation: {
    definition: 'lambdas/workflows/aggregation.asl.json',
    arnVariable: 'AGGREGATION_STATE_MACHINE_ARN',
  },
  import: { definition: 'lambdas/workflows/import.asl.json', arnVariable: 'IMPORT_STATE_MACHINE_ARN' },
  curation: {
    definition: 'lambdas/workflows/curation.asl.json',
    arnVariable: 'CURATION_STATE_MACHINE_ARN',
  },
  taxonomyRemap: {
    definition: 'lambdas/workflows/taxonomy-remap.asl.json',
    arnVariable: 'TAXONOMY_REMAP_STATE_MACHINE_ARN',
  },
  exportDelivery: {
    definition: 'lambdas/workflows/export-delivery.asl.json',
    arnVariable: 'EXPORT_STATE_MACHINE_ARN',
  },
  updateSummaries: {
    definition: 'lambdas/workflows/update-summaries.asl.json',
    arnVariable: 'UPDATE_SUMMARIES_STATE_MACHINE_ARN',
  },
  pipelineReminders: {
    definition: 'lambdas/workflows/pipeline-reminders.asl.json',
    arnVariable: 'PIPELINE_REMINDERS_STATE_MACHINE_ARN',
  },
  responseTimes: {
    definition: 'lambdas/workflows/response-times.asl.json',
    arnVariable: 'RESPONSE_TIMES_STATE_MACHINE_ARN',
  },
  searchAlerts: {
    definition: 'lambdas/workflows/search-alerts.asl.json',
    arnVariable: 'SEARCH_ALERTS_STATE_MACHINE_ARN',
  },
  investorReminders: {
    definition: 'lambdas/workflows/investor-reminders.asl.json',
    arnVariable: 'INVESTOR_REMINDERS_STATE_MACHINE_ARN',
  },
  deliveryWatch: {
    definition: 'lambdas/workflows/delivery-watch.asl.json',
    arnVariable: 'DELIVERY_WATCH_STATE_MACHINE_ARN',
  },
  /** Run once by hand after deploying issue 48 (docs/operations.md, "Migrating investor ids"). */
  idMigration: {
    definition: 'lambdas/workflows/id-migration.asl.json',
    arnVariable: 'ID_MIGRATION_STATE_MACHINE_ARN',
  },
  stripeReconcile: {
    definition: 'lambdas/workflows/stripe-reconcile.asl.json',
    arnVariable: 'STRIPE_RECONCILE_STATE_MACHINE_ARN',
  },
  /** One investor update's emails (issue 53), started when the founder sends it. */
  updateSend: {
    definition: 'lambdas/workflows/update-send.asl.json',
    arnVariable: 'UPDATE_SEND_STATE_MACHINE_ARN',
  },
} as const;

export type StateMachineName = keyof typeof stateMachines;

/** A workflow started on a schedule, besides on demand. */
export interface WorkflowSchedule {
  /** How often it starts, in minutes (whole: EventBridge Scheduler's rate takes no less). */
  readonly everyMinutes: number;
  /** The input each scheduled run gets. */
  readonly input: Readonly<Record<string, unknown>>;
  readonly description: string;
  /** The local home also starts it when it starts (a run that finds nothing due does nothing). */
  readonly localRunAtStart: boolean;
}

/**
 * The scheduled workflows, one definition for both homes: EventBridge Scheduler starts each this
 * often with this input on AWS (infra/constructs/workflows.ts), and the local home does the same
 * with its own timers (infra/local/dev-home.ts).
 */
export const workflowSchedules = {
  aggregation: {
    everyMinutes: 6 * 60,
    input: { action: 'recount', lockName: null, lockOwner: null },
    description: 'Recounts the directory and rebuilds its search snapshot every 6 hours.',
    // The seed already counted; a recount at start would only hold the mapping lock for nothing.
    localRunAtStart: false,
  },
  updateSummaries: {
    everyMinutes: 7 * 24 * 60,
    input: { cursor: null, now: null, totals: null },
    description:
      'Emails each buyer, at most once a week, the updates to the contacts they bought (issue 20).',
    // At most one summary per founder and calendar week, however often it runs.
    localRunAtStart: true,
  },
  pipelineReminders: {
    everyMinutes: 24 * 60,
    input: { cursor: null, now: null, totals: null, failed: null },
    description:
      'Emails each founder, at most once a day, the next steps of their fundraising pipeline that are due (issue 36).',
    // At most one reminder per founder and UTC day, however often it runs.
    localRunAtStart: true,
  },
  responseTimes: {
    everyMinutes: 24 * 60,
    input: { now: null },
    description:
      'Publishes how fast each investor answers, from the pipelines of founders who share them, once at least ten people contributed (issue 52).',
    // A run rewrites the same figures from the same pipelines.
    localRunAtStart: true,
  },
  searchAlerts: {
    everyMinutes: 7 * 24 * 60,
    input: { cursor: null, now: null, totals: null },
    description:
      'Emails each founder, at most once a week, the investors new in their saved searches (issue 35).',
    // At most one alert per founder and calendar week, however often it runs.
    localRunAtStart: true,
  },
  investorReminders: {
    everyMinutes: 24 * 60,
    input: { action: 'remind' },
    description: 'Reminds listed investors to confirm their profile 6 months after they last did.',
    // A run sends each due reminder once, so starting it at every start-up sends nothing twice.
    localRunAtStart: true,
  },
  deliveryWatch: {
    everyMinutes: 5,
    input: { now: null },
    description:
      'Counts paid carts with no delivery running or finished (StuckPaidCarts, which raises an alarm) and logs their ids (issue 30).',
    // It only reads and counts.
    localRunAtStart: true,
  },
  stripeReconcile: {
    everyMinutes: 10,
    input: { now: null },
    description:
      "Replays through the webhook's handling the Checkout events of the last 7 days that Stripe did not deliver, so a paid cart whose webhook never arrived is delivered, once (issue 48).",
    // Each event is claimed once and each session pays its cart once, so a run at start repeats nothing.
    localRunAtStart: true,
  },
} as const satisfies Partial<Record<StateMachineName, WorkflowSchedule>>;
