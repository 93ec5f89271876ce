/**
 * One parcel of an order (issue 46): where it is on the way (ordered → shipped → out for delivery
 * → delivered, a problem marked at the stage it stopped), when it is expected, the carrier's
 * tracking number to copy and its page, the order's products in it, and the carrier's events,
 * newest first (the latest three, the rest on request).
 */
import {
  type OrderProduct,
  PROBLEM_STATUSES,
  SHIPMENT_STAGES,
  type Shipment,
  type ShipmentEventStatus,
  type ShipmentStage,
  shipmentProgress,
  type TranslationKey,
} from '@account/contract';
import { useEffect, useId, useState } from 'react';
import { formatDay, formatEstimate, formatMoment } from '@/lib/delivery-line';
import { useT } from '@/lib/i18n';
import { useLocale } from '@/lib/locale';
import { Button } from '@/ui/Button';
import { DeliveryStatus } from '@/ui/DeliveryStatus';
import { Icon } from '@/ui/Icon';
import { Identifier } from '@/ui/Identifier';
import ordersStyles from './Orders.module.css';
import styles from './ShipmentCard.module.css';

export const EVENT_LABELS: Readonly<Record<ShipmentEventStatus, TranslationKey>> = {
  labelCreated: 'ac_TrackLabelCreated',
  inTransit: 'ac_TrackInTransit',
  outForDelivery: 'ac_TrackOutForDelivery',
  delivered: 'ac_TrackDelivered',
  deliveryAttempted: 'ac_TrackDeliveryAttempted',
  exception: 'ac_TrackException',
  returnedToSender: 'ac_TrackReturnedToSender',
};

const STAGE_LABELS: Readonly<Record<ShipmentStage, TranslationKey>> = {
  ordered: 'ac_StageOrdered',
  shipped: 'ac_StageShipped',
  outForDelivery: 'ac_StageOutForDelivery',
  delivered: 'ac_StageDelivered',
};

/** The events shown before the shopper asks for all of them. */
export const EVENTS_SHOWN = 3;

/** How long "Copied" stays on the button. */
const COPIED_MS = 3000;

/** A carrier page is linked only over http(s): the URL comes from the shop, not from us. */
const isWebAddress = (url: string) => /^https?:\/\//i.test(url);

function ProgressLine({ status }: { status: ShipmentEventStatus | null }) {
  const t = useT();
  const { reached, problem } = shipmentProgress(status);
  return (
    <ol className={styles.progress} aria-label={t('ac_DeliveryProgress')}>
      {SHIPMENT_STAGES.map((stage, index) => {
        const state = index < reached ? 'done' : index > reached ? 'toCome' : problem ? 'problem' : 'current';
        return (
          <li key={stage} className={styles[state]} aria-current={index === reached ? 'step' : undefined}>
            <span className={styles.marker} aria-hidden="true">
              {state === 'problem' ? (
                <Icon name="alert" size={14} />
              ) : state === 'toCome' ? null : (
                <Icon name="check" size={14} />
              )}
            </span>
            <span className={styles.stage}>{t(STAGE_LABELS[stage])}</span>
            {state === 'problem' && status && <span className={styles.problemLabel}>{t(EVENT_LABELS[status])}</span>}
            {state === 'done' && <span className="visually-hidden">, {t('ac_StepDone')}</span>}
            {state === 'toCome' && <span className="visually-hidden">, {t('ac_StepToCome')}</span>}
          </li>
        );
      })}
    </ol>
  );
}

function CopyButton({ text }: { text: string }) {
  const t = useT();
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state !== 'copied') return;
    const timer = setTimeout(() => setState('idle'), COPIED_MS);
    return () => clearTimeout(timer);
  }, [state]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      setState('failed');
    }
  };
  return (
    <>
      <Button variant="action" onClick={() => void copy()} aria-label={t('ac_CopyTrackingNumber', { number: text })}>
        <Icon name={state === 'copied' ? 'check' : 'copy'} size={16} />
        {t(state === 'copied' ? 'ac_Copied' : 'ac_Copy')}
      </Button>
      {/* Present before it speaks, so screen readers hear the change. */}
      <span aria-live="polite" className={state === 'failed' ? styles.copyFailed : 'visually-hidden'}>
        {state === 'copied' ? t('ac_Copied') : state === 'failed' ? t('ac_CopyFailed') : ''}
      </span>
    </>
  );
}

function Timeline({ events }: { events: Shipment['events'] }) {
  const t = useT();
  const { language } = useLocale();
  const [all, setAll] = useState(false);
  const listId = useId();
  const now = new Date();
  if (events.length === 0) return <p className={styles.muted}>{t('ac_NoTrackingYet')}</p>;
  const shown = all ? events : events.slice(0, EVENTS_SHOWN);
  return (
    <>
      <ol id={listId} className={styles.timeline}>
        {shown.map((event) => (
          <li key={event.id} className={PROBLEM_STATUSES.has(event.status) ? styles.problemEvent : undefined}>
            <span className={styles.eventStatus}>{t(EVENT_LABELS[event.status])}</span>
            <span className={styles.eventMeta}>
              <time dateTime={event.at}>{formatMoment(event.at, now, language)}</time>
              {event.location && <span>{event.location}</span>}
            </span>
            {event.description && <span className={styles.eventText}>{event.description}</span>}
          </li>
        ))}
      </ol>
      {events.length > EVENTS_SHOWN && (
        <Button variant="action" aria-expanded={all} aria-controls={listId} onClick={() => setAll((value) => !value)}>
          {all ? t('ac_ShowFewerEvents') : t('ac_ShowAllEvents', { count: events.length })}
        </Button>
      )}
    </>
  );
}

export interface ShipmentCardProps {
  shipment: Shipment;
  /** Its place among the order's parcels (from 1), and how many there are. */
  number: number;
  total: number;
  /** The order's products, by line index: the shipment names its lines by their place. */
  products: readonly Pick<OrderProduct, 'name'>[];
}

export function ShipmentCard({ shipment, number, total, products }: ShipmentCardProps) {
  const t = useT();
  const { language } = useLocale();
  const headingId = useId();
  const { status, statusAt, estimatedDelivery, trackingNumber, trackingUrl, carrier } = shipment;
  const [latest] = shipment.events;
  const problem = status !== null && PROBLEM_STATUSES.has(status) ? status : null;
  const contents = shipment.lines.flatMap((line) => {
    const product = products[line.line];
    return product ? [{ ...line, name: product.name }] : [];
  });

  return (
    <article className={styles.shipment} aria-labelledby={headingId}>
      <div className={styles.head}>
        <h3 id={headingId} className={styles.title}>
          {total > 1 ? t('ac_ParcelOf', { number, total }) : t('ac_Parcel')}
        </h3>
        {problem ? (
          // Here the problem is named as the carrier reported it; what to do follows below.
          <span className={styles.problemHead}>
            <Icon name="alert" size={18} />
            {t(EVENT_LABELS[problem])}
          </span>
        ) : (
          <DeliveryStatus delivery={{ status, at: statusAt, estimatedDelivery }} />
        )}
      </div>

      <ProgressLine status={status} />

      {problem && latest?.description && (
        <p className={styles.notice}>
          <Icon name="alert" size={18} />
          <span>{latest.description}</span>
        </p>
      )}

      <dl className={`${ordersStyles.facts} ${ordersStyles.wideFacts}`}>
        {status === 'delivered' && statusAt ? (
          <div>
            <dt>{t('ac_StageDelivered')}</dt>
            <dd>
              <time dateTime={statusAt}>{formatMoment(statusAt, new Date(), language)}</time>
            </dd>
          </div>
        ) : (
          estimatedDelivery && (
            <div>
              <dt>{t('ac_ExpectedDelivery')}</dt>
              <dd>
                {estimatedDelivery.from === estimatedDelivery.to
                  ? formatDay(estimatedDelivery.from, language)
                  : formatEstimate(estimatedDelivery, new Date(), language)}
              </dd>
            </div>
          )
        )}
        <div>
          <dt>{t('ac_Carrier')}</dt>
          <dd>{carrier}</dd>
        </div>
        {trackingNumber && (
          <div>
            <dt>{t('ac_TrackingNumber')}</dt>
            <dd className={styles.tracking}>
              <Identifier>{trackingNumber}</Identifier>
              <CopyButton text={trackingNumber} />
            </dd>
          </div>
        )}
      </dl>

      {trackingUrl && isWebAddress(trackingUrl) && (
        <a href={trackingUrl} target="_blank" rel="noopener noreferrer" className={styles.carrierLink}>
          {t('ac_TrackAtCarrier', { carrier })}
          <Icon name="external" size={16} />
          <span className="visually-hidden"> {t('ac_OpensInNewTab')}</span>
        </a>
      )}

      {contents.length > 0 && (
        <div className={styles.part}>
          <h4 className={styles.subtitle}>{t('ac_InThisParcel')}</h4>
          <ul className={styles.contents}>
            {contents.map((item) => (
              <li key={item.line}>
                {item.quantity > 1 ? t('ac_QuantityOf', { quantity: item.quantity, name: item.name }) : item.name}
              </li>
            ))}
          </ul>
        </div>
      )}

      <div className={styles.part}>
        <h4 className={styles.subtitle}>{t('ac_TrackingHistory')}</h4>
        <Timeline events={shipment.events} />
      </div>
    </article>
  );
}
