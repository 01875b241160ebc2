import * as z from 'zod/mini';
import type { TableKey } from '../model';

/** An ISO date-time as stored (written by our code, checked present). */
export const isoDate = z.string().check(z.minLength(1));

/** A user's partition (`USER#<sub>`): their profile and everything they own. */
export const userPartition = (userId: string) => `USER#${userId}`;
/** The user whose partition this is, if it is a user's. */
export const userOfPartition = (pk: string): string | null =>
  pk.startsWith(userPartition('')) ? pk.slice(userPartition('').length) : null;

/** One fixed-window counter of a rate limit (`RATE#<scope>#<key>` / `WINDOW#<start>`, gone by TTL). */
export const rateWindowKey = (scope: string, key: string, windowStart: string): TableKey => ({
  pk: `RATE#${scope}#${key}`,
  sk: `WINDOW#${windowStart}`,
});

/** An investor's partition: the searchable entry and what is kept beside it. */
export const investorPartition = (id: string) => `INVESTOR#${id}`;

/** A project's partition: the project, its Stripe connection, its transactions, its pipeline. */
export const projectPartition = (id: string) => `PROJECT#${id}`;
/** The project whose partition this is, if it is a project's. */
export const projectOfPartition = (pk: string): string | null =>
  pk.startsWith(projectPartition('')) ? pk.slice(projectPartition('').length) : null;

/** The taxonomy's partition: the admins' edits and the values it does not know. */
export const TAXONOMY = 'TAXONOMY';

/** The directory's partition: its metadata records and running totals. */
export const DIRECTORY = 'DIRECTORY';
