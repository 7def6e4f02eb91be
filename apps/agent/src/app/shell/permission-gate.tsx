import { lazy, type ReactNode, Suspense } from 'react';
import { type GateRule, gateAllows } from '../../lib/access/permission.ts';
import { useIdentity } from '../../lib/access/use-identity.ts';

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
