/**
 * A custom content page of the shop (spec §2 Custom content pages): the route's id (or the page's
 * name) resolves to a configured page whose URL is shown in a frame, prefixed with the current
 * language when language URLs are on. An unknown page redirects to /.
 */
import { localizedPageUrl } from '@account/contract';
import { Navigate, useParams } from 'react-router';
import { useSiteConfig } from '@/lib/config-context';
import { useLocale } from '@/lib/locale';
import { paths } from '@/lib/paths';
import { Card } from '@/ui/Card';
import { PageHeader } from '@/ui/PageHeader';
import styles from './CustomContentPage.module.css';

export function CustomContentPage() {
  const { id } = useParams();
  const config = useSiteConfig();
  const { language } = useLocale();
  const page = config.pages.find((p) => String(p.pageId) === id || p.name === id);
  if (!page) return <Navigate to={paths.overview} replace />;
  const src = localizedPageUrl(page.url, language, config.enableLangUrls);
  return (
    <>
      <PageHeader title={page.title || page.name} />
      <Card>
        <iframe className={styles.frame} src={src} title={page.title || page.name} />
      </Card>
    </>
  );
}
