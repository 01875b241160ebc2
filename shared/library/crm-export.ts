/**
 * Where the contact library's CRM files are kept (issue 32): one object per request under its own
 * prefix of the exports bucket, answered as a link valid 5 minutes. The bucket deletes them after a
 * day (infra/constructs/data.ts); the account function may write under this prefix only.
 */
export const CRM_EXPORT_PREFIX = 'library-exports/';
export const CRM_EXPORT_DAYS = 1;
