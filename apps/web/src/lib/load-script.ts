/** Loads a provider's browser script once, when it is needed (spec §2 Login page). */
const loading = new Map<string, Promise<void>>();

export function loadScript(src: string, attributes: Record<string, string> = {}, parent?: HTMLElement): Promise<void> {
  const known = loading.get(src);
  if (known && !parent) return known;
  const promise = new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    for (const [name, value] of Object.entries(attributes)) script.setAttribute(name, value);
    script.addEventListener('load', () => resolve());
    script.addEventListener('error', () => {
      loading.delete(src);
      reject(new Error(`Could not load ${src}`));
    });
    (parent ?? document.head).append(script);
  });
  if (!parent) loading.set(src, promise);
  return promise;
}
