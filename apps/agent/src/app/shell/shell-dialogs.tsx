import { lazy, Suspense } from 'react';
import { useLayoutStore } from '../../lib/stores/layout.store.ts';

const ShellDialogView = lazy(() => import('./shell-dialog-view.tsx'));

/** The info and error dialogs of the error reactions and the app-only rule, one at a time. */
export function ShellDialogs() {
  const dialog = useLayoutStore((state) => state.dialogs[0]);
  if (!dialog) return null;
  return (
    <Suspense fallback={null}>
      <ShellDialogView dialog={dialog} />
    </Suspense>
  );
}
