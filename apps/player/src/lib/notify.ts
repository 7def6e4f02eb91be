import { toast } from 'sonner';

/** Toasts last 3 s (spec §8, §9); at most 3 show at once (the Toaster's limit). */
export const TOAST_DURATION_MS = 3000;
export const TOAST_LIMIT = 3;

/** The same text never shows twice at once: the text is the toast's id. */
export const notify = {
  success: (message: string) => void toast.success(message, { id: message }),
  error: (message: string) => void toast.error(message, { id: message }),
  info: (message: string) => void toast.info(message, { id: message }),
  normal: (message: string) => void toast(message, { id: message }),
};
