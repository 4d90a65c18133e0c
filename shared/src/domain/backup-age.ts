/**
 * The dashboard warns once the last successful backup is older than this (a night missed, plus
 * slack). Here, not in contract/backups.ts: that module brings zod, which the dashboard, the first
 * page after sign-in, must not load.
 */
export const BACKUP_WARNING_HOURS = 26;
