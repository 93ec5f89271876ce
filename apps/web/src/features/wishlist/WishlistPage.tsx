import { useT } from '@/lib/i18n';
import { PageHeader } from '@/ui/PageHeader';

export function WishlistPage() {
  const t = useT();
  return <PageHeader title={t('ac_MyWishlist')} description={t('ac_WishlistDescription')} />;
}
