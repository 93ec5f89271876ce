/**
 * The demo shop's carrier desk (issue 46): on the shop's page of an order, each parcel with a
 * button that sends the carrier's next event, so a tester sees the account area's timeline grow.
 */
import type { ShipmentEventRecord, ShipmentEventStatus } from '@account/contract';

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
