/** Downloads through the API (invoices), apart from lib/api.ts: only the order screens load it. */
import { failure } from './api';

/**
 * §7 file download via GET: the file name comes from Content-Disposition and defaults to
 * 'unknow.txt' (sic, as the spec names it).
 */
export async function downloadFile(url: string): Promise<void> {
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok) throw await failure(response);
  const blob = await response.blob();
  const disposition = response.headers.get('content-disposition') ?? '';
  const name =
    /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1] ??
    /filename="?([^";]+)"?/i.exec(disposition)?.[1] ??
    'unknow.txt';
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = decodeURIComponent(name);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}
