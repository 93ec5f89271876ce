/**
 * What a session remembers of the client that made it (issue 20, sessions and devices): the
 * browser, operating system and kind of device from the user agent (bowser), and the client
 * address cut to its network (http/client-address.ts).
 */
import Bowser from 'bowser';
import { clientNetwork } from '../../http/client-address.js';

export interface ClientDetails {
  /** 'Chrome 131'; null when the user agent names none. */
  browser: string | null;
  /** 'macOS 14.1'; null when the user agent names none. */
  os: string | null;
  /** 'desktop', 'mobile', 'tablet' or 'tv'; null when unknown. */
  device: string | null;
  /** '198.51.100.0/24' or '2001:db8:1::/48'; null when the address cannot be read. */
  clientAddress: string | null;
}

/** The network of an address: what the sessions list shows instead of the address itself. */
export function truncatedAddress(address: string | undefined): string | null {
  const network = clientNetwork(address);
  return network && `${network.address}/${network.prefix}`;
}

/** The browser and system a user agent names, as people read them. */
export function userAgentDetails(userAgent: string | undefined): Omit<ClientDetails, 'clientAddress'> {
  if (!userAgent) return { browser: null, os: null, device: null };
  const parsed = Bowser.parse(userAgent);
  const browser = [parsed.browser.name, parsed.browser.version?.split('.')[0]].filter(Boolean).join(' ');
  const os = [parsed.os.name, parsed.os.versionName ?? parsed.os.version].filter(Boolean).join(' ');
  return { browser: browser || null, os: os || null, device: parsed.platform.type ?? null };
}

export function clientDetails(userAgent: string | undefined, address: string | undefined): ClientDetails {
  return { ...userAgentDetails(userAgent), clientAddress: truncatedAddress(address) };
}
