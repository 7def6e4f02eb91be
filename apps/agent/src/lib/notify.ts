import { i18next } from './i18n.ts';

/** Toasts last 3 s (spec §8, §9); at most 3 show at once (the Toaster's limit). */
export const TOAST_DURATION_MS = 3000;
export const TOAST_LIMIT = 3;

type Kind = 'success' | 'error' | 'info' | 'normal';

/** The toast library is loaded with the shell's Toaster, after the first paint. */
async function show(kind: Kind, message: string): Promise<void> {
  const { toast } = await import('sonner');
  // The same text never shows twice at once: the text is the toast's id.
  const options = { id: message };
  if (kind === 'normal') toast(message, options);
  else toast[kind](message, options);
}

export const notify = {
  success: (message: string) => void show('success', message),
  error: (message: string) => void show('error', message),
  info: (message: string) => void show('info', message),
  normal: (message: string) => void show('normal', message),
};

/** Copies text and says so (copySuccess / copyFailure). */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    notify.success(i18next.t('common.copySuccess'));
    return true;
  } catch {
    notify.error(i18next.t('common.copyFailure'));
    return false;
  }
}
