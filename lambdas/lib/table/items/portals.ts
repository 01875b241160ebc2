import * as z from 'zod/mini';
import { accessPattern, defineModel, type TableKey } from '../model';
import { isoDate } from './common';

const PORTALS = 'PORTALS';
export const portalKey = (urlIdentifier: string): TableKey => ({
  pk: `PORTAL#${urlIdentifier}`,
  sk: 'PORTAL',
});

/** A partner firm's branded onboarding page, chosen by the first label of the host name. */
export const investorPortalModel = defineModel(
  'investorPortal',
  z.object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    urlIdentifier: z.string(),
    createdAt: isoDate,
    updatedAt: isoDate,
    createdBy: z.string(),
    firm: z.object({ name: z.string(), website: z.string() }),
    fontFamily: z.nullable(z.string()),
  }),
  (v) => ({ ...portalKey(v.urlIdentifier), gsi1pk: PORTALS, gsi1sk: v.urlIdentifier }),
);

/** Every portal, by subdomain (`gsi1`). */
export const portals = accessPattern(
  { index: 'gsi1', params: [], description: 'The portals (a handful)' },
  () => ({ partition: PORTALS }),
);
export type InvestorPortal = z.infer<typeof investorPortalModel.schema>;
