/** Account overview (spec §2 Overview): the welcome line with the full name, intro and info blocks. */
import { fullName } from '@account/contract';
import { useQuery } from '@tanstack/react-query';
import { useT } from '@/lib/i18n';
import { accountQuery } from '@/lib/queries';
import { Card } from '@/ui/Card';
import { PageHeader } from '@/ui/PageHeader';
import styles from './OverviewPage.module.css';

export function OverviewPage() {
  const t = useT();
  const { data: account } = useQuery(accountQuery);
  if (!account) return null;
  const name = fullName(account) || account.email;
  return (
    <>
      <PageHeader title={t('ac_Welcome', { name })} description={t('ac_OverviewIntro')} />
      <div className={styles.blocks}>
        <Card>
          <p className={styles.info}>{t('ac_OverviewInfo')}</p>
        </Card>
      </div>
    </>
  );
}
