/**
 * The portal subdomain of a host name: its first label, when the host is a subdomain of the product's
 * root domain ('vcn.localhost' → 'vcn' with root 'localhost'). The root domain itself, 'www', IP
 * addresses and hosts outside the root domain have none.
 */
export function portalLabel(hostname: string, rootDomain: string): string | null {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  const root = rootDomain.toLowerCase().replace(/^\./, '').replace(/\.$/, '');
  if (host === root || /^\d+(\.\d+){3}$/.test(host) || host.includes(':')) return null;
  if (!host.endsWith(`.${root}`)) return null;
  const label = host.slice(0, -(root.length + 1)).split('.')[0] ?? '';
  if (label === '' || label === 'www' || !/^[a-z0-9-]{1,63}$/.test(label)) return null;
  return label;
}
