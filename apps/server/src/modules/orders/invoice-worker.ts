/** A worker thread of the invoice pool (invoice-pool.ts): renders one invoice per task. */
import { type InvoiceDocument, invoicePdf } from './invoice-pdf.js';

export default function render(input: InvoiceDocument): Promise<Buffer> {
  return invoicePdf(input);
}
