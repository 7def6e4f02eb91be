import { lazy, type ReactNode, Suspense } from 'react';

/** Each nested modal stacks above the previous one, starting at z-index 2000 (spec §9). */
export const MODAL_BASE_Z_INDEX = 2000;

export interface ModalProps {
  open: boolean;
  title: string;
  description?: ReactNode;
  icon?: ReactNode;
  tone?: 'brand' | 'danger' | 'warning';
  /** Buttons; the first one receives focus. */
  actions: ReactNode;
  /** Stacking level of nested modals (0 = base). */
  level?: number;
  /** Called on Escape; omit for non-closable dialogs. */
  onDismiss?: () => void;
  testId?: string;
}

/** The dialog implementation (Radix) is its own chunk: no page needs it for its first paint. */
const ModalDialog = lazy(() => import('./modal-dialog.tsx'));

export function Modal(props: ModalProps) {
  if (!props.open) return null;
  return (
    <Suspense fallback={null}>
      <ModalDialog {...props} />
    </Suspense>
  );
}
