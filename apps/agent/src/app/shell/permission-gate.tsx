import { lazy, type ReactNode, Suspense } from 'react';
import { type Identity, identityOf } from '../access/identity.ts';
import { type GateRule, gateAllows } from '../access/permission.ts';
import { useGlobalStore } from '../stores/global.store.ts';

export function useIdentity(): Identity {
  const spaInfo = useGlobalStore((state) => state.spaInfo);
  const paymentRole = useGlobalStore((state) => state.paymentRole);
  return identityOf(spaInfo, paymentRole);
}

const DeniedModal = lazy(() => import('./denied-modal.tsx'));

/**
 * Shows its children only when the signed-in identity passes the rule (spec §6). Otherwise the
 * `page` variant shows the denied modal and the `inline` variant shows nothing.
 */
export function PermissionGate({
  rule,
  variant = 'inline',
  children,
}: {
  rule: GateRule;
  variant?: 'page' | 'inline';
  children: ReactNode;
}) {
  const identity = useIdentity();
  if (gateAllows(identity, rule)) return children;
  if (variant !== 'page') return null;
  return (
    <Suspense fallback={null}>
      <DeniedModal />
    </Suspense>
  );
}
