import { formatDate } from '../../../shared/format/dates';

/** A date in the reader's own time zone, DD/MM/YYYY (docs/decisions.md, Web). */
export const localDate = (iso: string) =>
  formatDate(iso, Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC');
