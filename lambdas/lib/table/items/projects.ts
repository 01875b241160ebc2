import * as z from 'zod/mini';
import { raiseSchema } from '../../../../shared/projects/raise';
import { accessPattern, defineModel, type TableKey } from '../model';
import { isoDate, projectPartition, userPartition } from './common';

export const projectKey = (id: string): TableKey => ({ pk: projectPartition(id), sk: 'PROJECT' });
export const stripeConnectionKey = (projectId: string): TableKey => ({
  pk: projectPartition(projectId),
  sk: 'STRIPE_CONNECTION',
});

/** A founder's projects, by creation (`gsi1`). */
export const projectsOfCreator = accessPattern(
  { index: 'gsi1', params: ['userId'], description: "A founder's projects" },
  (userId: string) => ({ partition: userPartition(userId), sortPrefix: 'PROJECT#' }),
);

/** Every item of a project's partition: the project, its Stripe connection, its transactions. */
export const projectItems = accessPattern(
  {
    index: 'table',
    params: ['projectId'],
    description: 'A project and everything kept under it (its deletion)',
  },
  (projectId: string) => ({ partition: projectPartition(projectId) }),
);

/** The projects connected to one Stripe account (`gsi1`). */
export const projectsConnectedTo = accessPattern(
  {
    index: 'gsi1',
    params: ['stripeUserId'],
    description: 'The projects connected to one Stripe account (disconnecting the last one deauthorises it)',
  },
  (stripeUserId: string) => ({ partition: `STRIPE_ACCOUNT#${stripeUserId}`, sortPrefix: 'PROJECT#' }),
);

export const projectModel = defineModel(
  'project',
  z.object({
    id: z.string(),
    creatorUserId: z.string(),
    name: z.string(),
    description: z.string(),
    createdAt: isoDate,
    updatedAt: isoDate,
    startupStatus: z.array(z.string()),
    sectors: z.array(z.string()),
    stripeConnectCode: z.nullable(z.string()),
    stripeConnectScope: z.nullable(z.string()),
    stripeConnectTimestamp: z.nullable(isoDate),
    /** What the project is raising (issue 35); absent until the founder says, null once cleared. */
    raise: z.optional(z.nullable(raiseSchema)),
  }),
  (v) => ({
    ...projectKey(v.id),
    gsi1pk: userPartition(v.creatorUserId),
    gsi1sk: `PROJECT#${v.createdAt}#${v.id}`,
  }),
);
export type ProjectItem = z.infer<typeof projectModel.schema>;

/**
 * A project's Stripe Connect connection: the connected account (ingestion calls Stripe with the
 * platform's key on that account's behalf). The OAuth tokens Stripe returns are not kept: nothing
 * uses them. Records written before keep `accessToken`/`refreshToken` until their first read, which
 * removes them (`getStripeConnection`). Server-side only, never returned by the API.
 */
export const stripeConnectionModel = defineModel(
  'stripeConnection',
  z.object({
    projectId: z.string(),
    projectOwnerUserId: z.string(),
    stripeUserId: z.string(),
    stripePublishableKey: z.nullable(z.string()),
    connectedAt: isoDate,
  }),
  (v) => ({
    ...stripeConnectionKey(v.projectId),
    // The projects connected to one Stripe account: disconnecting the last one deauthorises it.
    gsi1pk: `STRIPE_ACCOUNT#${v.stripeUserId}`,
    gsi1sk: `PROJECT#${v.projectId}`,
  }),
);
export type StripeConnection = z.infer<typeof stripeConnectionModel.schema>;

/**
 * A Stripe Connect OAuth `state` (random, single use, expiring): the project and the founder it was
 * made for, checked when Stripe's code comes back, so a forged redirect cannot attach an account.
 */
export const connectStateModel = defineModel(
  'connectState',
  z.object({ state: z.string(), projectId: z.string(), userId: z.string(), createdAt: isoDate }),
  (v) => ({ pk: `CONNECT_STATE#${v.state}`, sk: 'STATE' }),
);
