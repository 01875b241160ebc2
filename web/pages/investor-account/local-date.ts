import { showDate } from '../../components/dates';

/** A date as the reader writes it, in their own time zone (docs/decisions.md, "Dates and emails"). */
export const localDate = (iso: string) => showDate(iso);
