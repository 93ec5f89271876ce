import { type SiteConfig, themeColours } from '@account/contract';

/** Applies the white-label colours (spec §9 Themes) as CSS custom properties on the document. */
export function applyTheme(config: SiteConfig, root: HTMLElement = document.documentElement): void {
  const colours = themeColours(config.style);
  root.style.setProperty('--color-primary', colours.primary);
  root.style.setProperty('--color-primary-lighter', colours.lighter);
  root.style.setProperty('--color-primary-lightest', colours.lightest);
  root.style.setProperty('--color-primary-darker', colours.darker);
  root.style.setProperty('--color-primary-darkest', colours.darkest);
  root.style.setProperty('--color-on-primary', colours.onPrimary);
  root.style.setProperty('--color-primary-text', colours.primaryText);
  root.dataset.theme = config.theme;
}
