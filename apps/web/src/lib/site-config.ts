/**
 * The site configuration is embedded in the page by the server (spec §2 Shell: read from a page
 * element, not fetched). Reading it is the one startup step that must succeed.
 */
import type { SiteConfig } from '@account/contract';

export const SITE_CONFIG_ELEMENT_ID = 'site-config';

let current: SiteConfig | null = null;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * The server builds the configuration from the contract's schema; here only the fields startup
 * depends on are checked, which keeps the schema library out of the first screen's bundle.
 */
function configProblem(json: unknown): string | null {
  if (json === null || typeof json !== 'object') return 'not an object';
  const config = json as Record<string, unknown>;
  const strings = ['companyName', 'style', 'currentLanguage', 'defaultLanguage', 'decimalSep', 'thousandSep', 'theme'];
  for (const key of strings) if (typeof config[key] !== 'string') return `${key} must be a string`;
  for (const key of ['enableFeatures', 'pages', 'shippingCountries']) {
    if (!Array.isArray(config[key])) return `${key} must be a list`;
  }
  return null;
}

export function loadSiteConfig(doc: Document = document): SiteConfig {
  if (current) {
    // §8: loading the configuration twice is rejected with this warning.
    console.warn('Config already set...');
    return current;
  }
  const element = doc.getElementById(SITE_CONFIG_ELEMENT_ID);
  if (!element?.textContent) throw new ConfigError('The page holds no site configuration');
  let json: unknown;
  try {
    json = JSON.parse(element.textContent);
  } catch {
    throw new ConfigError('The site configuration is not valid JSON');
  }
  const problem = configProblem(json);
  if (problem) throw new ConfigError(`The site configuration is not valid: ${problem}`);
  current = json as SiteConfig;
  return current;
}
