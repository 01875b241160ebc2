import { type InvestorPortal, investorPortalModel, portalKey, portals } from '../models';
import {
  conditionalWrite,
  conditionalWriteReturning,
  getItem,
  putItem,
  queryAll,
  updateItem,
} from '../table';

/** A partner firm's portal by its subdomain (`vcn` for vcn.example.com). */
export async function getPortal(urlIdentifier: string): Promise<InvestorPortal | null> {
  const item = await getItem(portalKey(urlIdentifier.toLowerCase()));
  return item ? investorPortalModel.fromItem(item) : null;
}

/** Writes a portal whole (the seed and the deployment's built-in portal). */
export async function putPortal(portal: InvestorPortal): Promise<void> {
  await putItem(investorPortalModel.toItem({ ...portal, urlIdentifier: portal.urlIdentifier.toLowerCase() }));
}

/** Creates a portal under a subdomain no portal has; false when one already has it. */
export async function createPortal(portal: InvestorPortal): Promise<boolean> {
  return conditionalWrite(
    putItem(
      investorPortalModel.toItem({ ...portal, urlIdentifier: portal.urlIdentifier.toLowerCase() }),
      'attribute_not_exists(pk)',
    ),
  );
}

type PortalFields = Pick<InvestorPortal, 'name' | 'description' | 'firm' | 'fontFamily' | 'updatedAt'>;

/** Changes a portal's fields (its subdomain stays); null when there is no such portal. */
export async function updatePortal(
  urlIdentifier: string,
  fields: PortalFields,
): Promise<InvestorPortal | null> {
  const attributes = await conditionalWriteReturning(
    updateItem({
      Key: portalKey(urlIdentifier.toLowerCase()),
      UpdateExpression:
        'SET #name = :name, description = :description, firm = :firm, fontFamily = :font, updatedAt = :updatedAt',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#name': 'name' },
      ExpressionAttributeValues: {
        ':name': fields.name,
        ':description': fields.description,
        ':firm': fields.firm,
        ':font': fields.fontFamily,
        ':updatedAt': fields.updatedAt,
      },
      ReturnValues: 'ALL_NEW',
    }),
  );
  return attributes ? investorPortalModel.fromItem(attributes) : null;
}

/** Every portal, by subdomain (a handful: one Query, all pages). */
export async function listPortals(): Promise<InvestorPortal[]> {
  const items = await queryAll({
    ...portals(),
  });
  return items.map((item) => investorPortalModel.fromItem(item));
}
