/**
 * A client address cut to its network (/24 for IPv4, /48 for IPv6): enough to tell places apart,
 * not where exactly someone was. The sessions list shows it, and the request log writes it instead
 * of the address where the shop asks for that (LOG_SHORT_CLIENT_ADDRESSES).
 */
import ipaddr from 'ipaddr.js';

const IPV4_PREFIX = 24;
const IPV6_PREFIX = 48;

/** The network's first address and its prefix length; null when the address cannot be read. */
export function clientNetwork(address: string | undefined): { address: string; prefix: number } | null {
  if (!address || !ipaddr.isValid(address)) return null;
  // An IPv4 client on a dual-stack socket arrives as ::ffff:a.b.c.d.
  const parsed = ipaddr.process(address);
  const prefix = parsed.kind() === 'ipv4' ? IPV4_PREFIX : IPV6_PREFIX;
  const cidr = `${parsed.toString()}/${prefix}`;
  const network =
    parsed.kind() === 'ipv4' ? ipaddr.IPv4.networkAddressFromCIDR(cidr) : ipaddr.IPv6.networkAddressFromCIDR(cidr);
  return { address: network.toString(), prefix };
}
