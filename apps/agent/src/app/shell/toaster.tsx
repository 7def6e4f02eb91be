import { Toaster } from 'sonner';
import { TOAST_DURATION_MS, TOAST_LIMIT } from '../../lib/notify.ts';

/** Toasts at the top right, 3 s each, at most 3 at once (spec §8, §9). */
export default function ShellToaster() {
  return (
    <Toaster
      position="top-right"
      duration={TOAST_DURATION_MS}
      visibleToasts={TOAST_LIMIT}
      richColors
      closeButton
      toastOptions={{ className: 'text-[15px]' }}
    />
  );
}
