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
  exportDelivery: {
    definition: 'lambdas/workflows/export-delivery.asl.json',
    arnVariable: 'EXPORT_STATE_MACHINE_ARN',
  },
  updateSummaries: {
    definition: 'lambdas/workflows/update-summaries.asl.json',
    arnVariable: 'UPDATE_SUMMARIES_STATE_MACHINE_ARN',
  },
  investorReminders: {
    definition: 'lambdas/workflows/investor-reminders.asl.json',
    arnVariable: 'INVESTOR_REMINDERS_STATE_MACHINE_ARN',
  },
} as const;

export type StateMachineName = keyof typeof stateMachines;

/**
 * The investor reminders' schedule (issue 21), one definition for both homes: EventBridge Scheduler
 * starts the workflow this often with this input on AWS (infra/constructs/workflows.ts), and the
 * local home does the same itself (infra/local/dev.ts).
 */
export const investorRemindersSchedule = { everyHours: 24, input: { action: 'remind' } } as const;
