import { type InvestorPortal, investorPortalModel } from '../models';
import { getItem, putItem } from '../table';

/** A partner firm's portal by its subdomain (`vcn` for vcn.example.com). */
export async function getPortal(urlIdentifier: string): Promise<InvestorPortal | null> {
  const item = await getItem(`PORTAL#${urlIdentifier.toLowerCase()}`, 'PORTAL');
  return item ? investorPortalModel.fromItem(item) : null;
}

export async function putPortal(portal: InvestorPortal): Promise<void> {
  await putItem(investorPortalModel.toItem({ ...portal, urlIdentifier: portal.urlIdentifier.toLowerCase() }));
}
