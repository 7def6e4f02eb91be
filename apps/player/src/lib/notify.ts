/** Toasts last 3 s (spec §8, §9); at most 3 show at once (the Toaster's limit). */
export const TOAST_DURATION_MS = 3000;
export const TOAST_LIMIT = 3;

/**
 * The toast library and its Toaster load after the first screen (they are not in its JavaScript);
 * a toast waits for both, since a Toaster shows only the toasts sent after it mounted.
 */
let toasterMounted: () => void = () => undefined;
const toasterReady = new Promise<void>((resolve) => {
  toasterMounted = resolve;
});

/** Called once by the shell's Toaster when it has mounted. */
export function markToasterMounted(): void {
  toasterMounted();
}

function show(kind: 'success' | 'error' | 'info' | 'normal', message: string): void {
  void Promise.all([import('sonner'), toasterReady]).then(([{ toast }]) => {
    // The same text never shows twice at once: the text is the toast's id.
    if (kind === 'normal') toast(message, { id: message });
    else toast[kind](message, { id: message });
  });
}

export const notify = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  info: (message: string) => show('info', message),
  normal: (message: string) => show('normal', message),
};
