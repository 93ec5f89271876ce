/**
 * Account overview (spec §2 Overview): the welcome line with the full name, intro and info blocks,
 * the parcels on their way (issue 46), the profile-completion wizard, 'This is you', latest
 * achievements, the last order and recently viewed products — the optional cards only when they
 * have something to show. Every card collapses, and all of it follows the account when it reloads.
 */
import { claimedAchievements, FEATURES, fullName, hasFeature } from '@account/contract';
import { lazy, Suspense, useState } from 'react';
import { useLocation } from 'react-router';
import { useAccount } from '@/lib/account';
import { useSiteConfig } from '@/lib/config-context';
import { asksToVerifyEmail } from '@/lib/email-verification';
import { useT } from '@/lib/i18n';
import { Card, CardStack } from '@/ui/Card';
import { Icon } from '@/ui/Icon';
import { PageHeader } from '@/ui/PageHeader';
import { LastOrderCard } from './LastOrderCard';
import { LatestAchievementsCard } from './LatestAchievementsCard';
import { OnTheWayCard } from './OnTheWayCard';
import styles from './OverviewPage.module.css';
import { ProfileCard } from './ProfileCard';
import { ProfileWizard } from './ProfileWizard';
import { RecentlyViewedCard } from './RecentlyViewedCard';

// The phone verification popup opens on request: its code entry loads then, not with the page.
const PhoneVerification = lazy(async () => ({ default: (await import('./PhoneVerification')).PhoneVerification }));

export function OverviewPage() {
  const t = useT();
  const account = useAccount();
  const { enableFeatures } = useSiteConfig();
  const verifyEmailNow = asksToVerifyEmail(useLocation().state);
  // null until the popup is first opened; from then on it stays mounted, so closing it returns focus.
  const [verifying, setVerifying] = useState<boolean | null>(null);
  const verificationOn = hasFeature(enableFeatures, FEATURES.telephoneNumberVerification);
  const claimed = claimedAchievements(account.achievements);
  const achievementsOn = hasFeature(enableFeatures, FEATURES.achievements);

  return (
    <>
      <PageHeader
        title={t('ac_Welcome', { name: fullName(account) || account.email })}
        description={t('ac_OverviewIntro')}
      />
      <CardStack>
        {/* A shopper with parcels on the way sees them first. */}
        {hasFeature(enableFeatures, FEATURES.myOrders) && <OnTheWayCard />}
        <Card>
          <p className={styles.info}>
            <Icon name="shield" />
            {t('ac_OverviewInfo')}
          </p>
        </Card>
        <ProfileWizard account={account} verificationOn={verificationOn} onVerifyPhone={() => setVerifying(true)} />
        <ProfileCard
          account={account}
          coins={achievementsOn ? claimed : []}
          verificationOn={verificationOn}
          onVerifyPhone={() => setVerifying(true)}
          verifyEmailNow={verifyEmailNow}
        />
        {achievementsOn && claimed.length > 0 && <LatestAchievementsCard achievements={claimed} />}
        {hasFeature(enableFeatures, FEATURES.myOrders) && account.lastOrder && (
          <LastOrderCard order={account.lastOrder} />
        )}
        {account.lastViewProducts.length > 0 && <RecentlyViewedCard products={account.lastViewProducts} />}
      </CardStack>
      {verificationOn && verifying !== null && (
        <Suspense fallback={null}>
          <PhoneVerification account={account} open={verifying} onClose={() => setVerifying(false)} />
        </Suspense>
      )}
    </>
  );
}
