/**
 * Route guards (spec §2, §6): no loaded account (or id <= 0) -> /login; an account on first-time
 * login -> /first-login; a route whose feature is not enabled -> /.
 */
import { type Feature, hasFeature } from '@account/contract';
import { useQuery } from '@tanstack/react-query';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useSiteConfig } from '../lib/config-context';
import { paths } from '../lib/paths';
import { accountQuery } from '../lib/queries';
import { rememberReturnUrl } from '../lib/return-url';

export function RequireAccount() {
  const { data: account } = useQuery(accountQuery);
  const location = useLocation();
  if (!account || account.id <= 0) return <Navigate to={paths.login} replace />;
  if (account.firstTimeLogin) {
    // §4 First login success: onboarding ends where the shopper was going.
    if (location.pathname !== paths.overview) rememberReturnUrl(`${location.pathname}${location.search}`);
    return <Navigate to={paths.firstLogin} replace />;
  }
  return <Outlet />;
}

export function RequireFeature({ feature }: { feature: Feature }) {
  const { enableFeatures } = useSiteConfig();
  if (!hasFeature(enableFeatures, feature)) return <Navigate to={paths.overview} replace />;
  return <Outlet />;
}
