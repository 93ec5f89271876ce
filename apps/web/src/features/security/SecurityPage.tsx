/**
 * Security (issue 20): where the shopper is signed in and how they sign in, and their data to take
 * along or have erased (issue 21, the privacy card). A link finished on the login page (or by a
 * provider's callback) comes back here with its outcome in the query, shown once and then taken
 * out of the address.
 */
import { isLinkableProvider } from '@account/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useSiteConfig } from '@/lib/config-context';
import { useT } from '@/lib/i18n';
import { methodName } from '@/lib/method-names';
import { useSystemMessage } from '@/lib/system-message';
import { CardStack } from '@/ui/Card';
import { PageHeader } from '@/ui/PageHeader';
import { signInMethodsQuery } from './api/security';
import { PrivacyCard } from './PrivacyCard';

import styles from './SecurityPage.module.css';
import { SessionsCard } from './SessionsCard';
import { SignInMethodsCard } from './SignInMethodsCard';

/** The outcome of a link as the query reports it: ?linked={provider} or ?link=taken|failed&provider={provider}. */
function useLinkOutcome(): string | null {
  const t = useT();
  const { companyName } = useSiteConfig();
  const { show } = useSystemMessage();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    const query = new URLSearchParams(location.search);
    const linked = query.get('linked');
    const outcome = query.get('link');
    const provider = query.get('provider');
    if (linked === null && outcome === null) return;
    navigate({ search: '' }, { replace: true });
    if (isLinkableProvider(linked)) {
      void queryClient.invalidateQueries({ queryKey: signInMethodsQuery.queryKey });
      show(t('ac_MethodLinked', { provider: methodName(linked, t, companyName) }));
    } else if (isLinkableProvider(provider) && (outcome === 'taken' || outcome === 'failed')) {
      const name = methodName(provider, t, companyName);
      setProblem(outcome === 'taken' ? t('ac_LinkTaken', { provider: name }) : t('ac_LinkFailed', { provider: name }));
    }
  }, [location.search, navigate, queryClient, show, t, companyName]);
  return problem;
}

export function SecurityPage() {
  const t = useT();
  const problem = useLinkOutcome();
  return (
    <>
      <PageHeader title={t('ac_Security')} description={t('ac_SecurityDescription')} />
      {problem && (
        <p role="alert" className={styles.problem}>
          {problem}
        </p>
      )}
      <CardStack>
        <SessionsCard />
        <SignInMethodsCard />
        <PrivacyCard />
      </CardStack>
    </>
  );
}
