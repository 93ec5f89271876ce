/**
 * The demo shop's carrier and returns desks (issue 46): on the shop's page of an order, each
 * parcel with a button that sends the carrier's next event, and each return with what the shop
 * does next (approve or reject, send the label, receive it), so a tester sees the account area's
 * timelines grow.
 */
import type { ReturnStatus, ReturnUpdateRecord, ShipmentEventRecord, ShipmentEventStatus } from '@account/contract';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** What the carrier does next with a parcel in this state; null once it is delivered or back. */
export function nextCarrierEvent(
  status: ShipmentEventStatus | null,
): Pick<ShipmentEventRecord, 'status' | 'location' | 'description'> | null {
  switch (status) {
    case null:
      return { status: 'labelCreated', location: null, description: 'Shipment announced by the sender' };
    case 'labelCreated':
    case 'exception':
      return { status: 'inTransit', location: 'Nieuwegein', description: 'Shipment received and sorted' };
    case 'inTransit':
    case 'deliveryAttempted':
      return { status: 'outForDelivery', location: 'Amsterdam', description: 'The courier is on the way' };
    case 'outForDelivery':
      return { status: 'delivered', location: 'Amsterdam', description: 'Delivered at the front door' };
    case 'delivered':
    case 'returnedToSender':
      return null;
  }
}

interface Parcel {
  externalId: string;
  carrier: string;
  trackingNumber: string | null;
  status: ShipmentEventStatus | null;
}

/** The desk's part of the order page: nothing for an order without parcels. */
export function carrierDesk(orderNumber: string, parcels: readonly Parcel[]): string {
  if (parcels.length === 0) return '';
  const rows = parcels.map((parcel) => {
    const next = nextCarrierEvent(parcel.status);
    const action = next
      ? `<form method="post" action="/order/${encodeURIComponent(orderNumber)}/shipments/${encodeURIComponent(parcel.externalId)}/next"><button type="submit">Send the next event: ${escapeHtml(next.status)}</button></form>`
      : '<p>Nothing more to send.</p>';
    return `<li><p><strong>${escapeHtml(parcel.carrier)}</strong> ${escapeHtml(parcel.trackingNumber ?? '')}: ${escapeHtml(parcel.status ?? 'no event yet')}</p>${action}</li>`;
  });
  return `<section aria-labelledby="desk"><h2 id="desk">Carrier desk (demo)</h2>
<p>Move a parcel on as its carrier would; the account area shows each event on the order.</p><ul>${rows.join('')}</ul></section>`;
}

/** What the shop may do next with a return in this state (a refund is the shop's own bookkeeping). */
export function nextReturnSteps(
  number: string,
  status: ReturnStatus,
): { title: string; update: Omit<ReturnUpdateRecord, 'at' | 'refund'> & { refund: null } }[] {
  const step = (title: string, update: Pick<ReturnUpdateRecord, 'status'> & Partial<ReturnUpdateRecord>) => ({
    title,
    update: { reason: null, label: null, ...update, refund: null },
  });
  switch (status) {
    case 'requested':
      return [
        step('Approve', { status: 'approved' }),
        step('Reject', { status: 'rejected', reason: 'The return window of this product has ended.' }),
      ];
    case 'approved':
      return [
        step('Send the label', {
          status: 'labelAvailable',
          label: { url: `/demo-shop/return-label/${encodeURIComponent(number)}.svg`, kind: 'qr' },
        }),
      ];
    case 'labelAvailable':
      return [step('Mark as received', { status: 'received' })];
    default:
      return [];
  }
}

/** The returns desk's part of the order page: nothing for an order without returns. */
export function returnsDesk(orderNumber: string, returns: readonly { number: string; status: ReturnStatus }[]): string {
  if (returns.length === 0) return '';
  const rows = returns.map((r) => {
    const steps = nextReturnSteps(r.number, r.status);
    const actions =
      steps.length === 0
        ? '<p>Nothing more to do here.</p>'
        : steps
            .map(
              (s, index) =>
                `<form method="post" action="/order/${encodeURIComponent(orderNumber)}/returns/${encodeURIComponent(r.number)}/${index}"><button type="submit">${escapeHtml(s.title)}</button></form>`,
            )
            .join('');
    return `<li><p><strong>${escapeHtml(r.number)}</strong>: ${escapeHtml(r.status)}</p>${actions}</li>`;
  });
  return `<section aria-labelledby="returns-desk"><h2 id="returns-desk">Returns desk (demo)</h2>
<p>Answer a return as the shop would; the account area shows each step on the return.</p><ul>${rows.join('')}</ul></section>`;
}
