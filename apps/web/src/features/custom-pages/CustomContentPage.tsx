/**
 * A custom content page of the shop (spec §2 Custom content pages): the route's id (or the page's
 * name or URL) resolves to a configured page whose URL is shown in a frame, prefixed with the current
 * language when language URLs are on; an unknown page redirects to /. The frame shows a spinner
 * until it has loaded (or until the page says it is ready, when it asked to be waited for) and is
 * as tall as its content plus 16 px. Unframed pages sit on the page itself; the others in a card.
 */
import { customPageTitle, findCustomPage, localizedPageUrl, PAGE_LAYOUTS } from '@account/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Navigate, useParams } from 'react-router';
import { useSiteConfig } from '@/lib/config-context';
import { useT } from '@/lib/i18n';
import { useLocale } from '@/lib/locale';
import { paths } from '@/lib/paths';
import { Card } from '@/ui/Card';
import { PageHeader } from '@/ui/PageHeader';
import { Spinner } from '@/ui/Spinner';
import styles from './CustomContentPage.module.css';
import { FRAME_EXTRA_HEIGHT, FRAME_REMEASURE_MS, isFromFrame, parseFrameMessage } from './frame-messages';

/**
 * The content height of a same-origin frame; null when the browser does not let us look inside.
 * The root element's box, not its scrollHeight: scrollHeight is at least the frame's own height,
 * so every measurement would add the 16 px again and the frame would only ever grow.
 */
function contentHeight(frame: HTMLIFrameElement): number | null {
  try {
    const root = frame.contentDocument?.documentElement;
    if (!root) return null;
    return Math.ceil(root.getBoundingClientRect().height);
  } catch {
    return null;
  }
}

function PageFrame({ src, title, card }: { src: string; title: string; card: boolean }) {
  const t = useT();
  const frame = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState<number | null>(null);
  const [loaded, setLoaded] = useState(false);
  const [waiting, setWaiting] = useState(false);
  const [cardClass, setCardClass] = useState(false);
  const origin = new URL(src, window.location.href).origin;

  const measure = useCallback((reported: number | null = null) => {
    const element = frame.current;
    const measured = reported ?? (element ? contentHeight(element) : null);
    if (measured !== null) setHeight(measured + FRAME_EXTRA_HEIGHT);
  }, []);

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (!isFromFrame(event, { origin, window: frame.current?.contentWindow ?? null })) return;
      const message = parseFrameMessage(event.data);
      if (!message) return;
      if (message.type === 'frameChange') measure(message.height);
      if (message.type === 'WaitForCustomLoadedEvent') setWaiting(true);
      if (message.type === 'CustomLoadedEventReady') {
        setWaiting(false);
        measure();
      }
      if (message.type === 'AddCardClass' && card) setCardClass(true);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [origin, card, measure]);

  const onLoad = () => {
    setLoaded(true);
    measure();
    window.setTimeout(() => measure(), FRAME_REMEASURE_MS);
  };

  const showing = loaded && !waiting;
  const content = (
    <div className={styles.stage} aria-busy={!showing}>
      {!showing && (
        <div className={styles.spinner}>
          <Spinner label={t('ac_PageLoading')} />
        </div>
      )}
      <iframe
        ref={frame}
        className={`${styles.frame} ${showing ? '' : styles.hidden}`}
        src={src}
        title={title}
        onLoad={onLoad}
        style={height === null ? undefined : { height }}
      />
    </div>
  );
  if (!card) return content;
  return <Card className={cardClass ? styles.flushCard : undefined}>{content}</Card>;
}

export function CustomContentPage() {
  const { id, '*': pageRoute } = useParams();
  const config = useSiteConfig();
  const { language } = useLocale();
  const page = findCustomPage(config.pages, id ?? pageRoute);
  if (!page) return <Navigate to={paths.overview} replace />;
  const src = localizedPageUrl(page.url, language, config.enableLangUrls);
  const title = customPageTitle(page, language);
  return (
    <>
      <PageHeader title={title} />
      {/* Keyed by the URL: another page (or language) starts with a fresh frame state. */}
      <PageFrame key={src} src={src} title={title} card={page.layout !== PAGE_LAYOUTS.unframed} />
    </>
  );
}
