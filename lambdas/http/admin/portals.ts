import { portalIdParams } from '../../../shared/api/params';
import {
  adminPortalSchema,
  adminPortalsResponse,
  createPortalBody,
  PORTAL_FONTS,
  type PortalFieldsBody,
  portalFieldsBody,
  portalMessages,
} from '../../../shared/api/portals';
import { ConflictError, NotFoundError } from '../../lib/errors';
import { endpoint } from '../../lib/http';
import { createPortal, listPortals, updatePortal } from '../../lib/table/repositories/portals';

/** The stored fields of a portal from the tool's form. */
const portalFields = (body: PortalFieldsBody, now: string) => ({
  name: body.name,
  description: body.description,
  firm: { name: body.firmName, website: body.firmWebsite },
  fontFamily: PORTAL_FONTS[body.font],
  updatedAt: now,
});

/**
 * The admin function's area for partner portals: the firms' branded onboarding pages. A module of
 * its own, loaded at the first request of one of its routes (`lambdas/http/admin.ts`).
 */
export const endpoints = {
  'GET /admin/portals': endpoint({
    auth: 'admin',
    handle: async () => adminPortalsResponse.parse({ portals: await listPortals() }),
  }),

  'POST /admin/portals': endpoint({
    auth: 'admin',
    body: createPortalBody,
    status: 201,
    handle: async ({ body, caller }) => {
      const now = new Date().toISOString();
      const portal = {
        id: `portal-${body.urlIdentifier}`,
        urlIdentifier: body.urlIdentifier,
        ...portalFields(body, now),
        createdAt: now,
        createdBy: caller.sub,
      };
      if (!(await createPortal(portal))) throw new ConflictError(portalMessages.labelTaken);
      return adminPortalSchema.parse(portal);
    },
  }),

  'PATCH /admin/portals/{portalId}': endpoint({
    auth: 'admin',
    params: portalIdParams,
    body: portalFieldsBody,
    handle: async ({ params, body }) => {
      const portal = await updatePortal(params.portalId, portalFields(body, new Date().toISOString()));
      if (!portal) throw new NotFoundError('Portal not found');
      return adminPortalSchema.parse(portal);
    },
  }),
};
