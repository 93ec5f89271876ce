/**
 * Invoices are rendered on worker threads. A PDF costs milliseconds of CPU (shaping the text,
 * subsetting the font, compressing): on the event loop an export of thousands would hold up every
 * other request between two invoices, and use one core. On a pool of threads the event loop stays
 * free and the invoices of an export render side by side.
 */
import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import type { InvoiceDocument } from './invoice-pdf.js';

/**
 * Threads at most: one stays once started (a thread's start, loading pdfkit and the fonts, takes
 * a few hundred milliseconds, too long to wait for one invoice); the others end after idling.
 */
export const INVOICE_THREADS = Math.max(1, Math.min(4, availableParallelism()));
const IDLE_MS = 30_000;

/**
 * Run from its TypeScript sources (tests, `npm run bench`), a worker needs the loader and the
 * source condition the rest of the process has; the built server's workers load plain JavaScript.
 */
const fromSource = import.meta.url.endsWith('.ts');

let pool: Piscina<InvoiceDocument, Uint8Array> | undefined;

export async function renderInvoice(input: InvoiceDocument): Promise<Buffer> {
  pool ??= new Piscina({
    // Each thread runs invoicePdf itself: one invoice per task.
    filename: new URL(`./invoice-pdf.${fromSource ? 'ts' : 'js'}`, import.meta.url).href,
    name: 'invoicePdf',
    minThreads: 1,
    maxThreads: INVOICE_THREADS,
    idleTimeout: IDLE_MS,
    ...(fromSource ? { execArgv: ['--import', 'tsx', '--conditions=@account/source'] } : {}),
  });
  // A Buffer arrives as the Uint8Array it was copied into.
  const bytes = await pool.run(input);
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
