import { useEffect } from 'react';
import { Toaster } from 'sonner';
import { markToasterMounted, TOAST_DURATION_MS, TOAST_LIMIT } from '../../lib/notify.ts';

/** The toasts' host, a chunk of its own loaded after the first screen (lib/notify.ts waits for it). */
export default function ShellToaster() {
  useEffect(() => markToasterMounted(), []);
  return (
    <Toaster
      position="top-right"
      duration={TOAST_DURATION_MS}
      visibleToasts={TOAST_LIMIT}
      richColors
      toastOptions={{ className: 'text-[14.5px]' }}
    />
  );
}
