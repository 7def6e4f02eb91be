import type { Locale } from '@payhub/contracts';

/** The overlay's few words, per locale (Indonesian first, as everywhere in the app). */
export const noticeTexts: Record<
  Locale,
  { title: string; acknowledge: string; wait: (seconds: number) => string }
> = {
  'id-ID': {
    title: 'Pengumuman',
    acknowledge: 'Saya mengerti',
    wait: (seconds) => `Saya mengerti (${seconds} d)`,
  },
  'es-MX': {
    title: 'Aviso',
    acknowledge: 'Entendido',
    wait: (seconds) => `Entendido (${seconds} s)`,
  },
  en: {
    title: 'Notice',
    acknowledge: 'Got it',
    wait: (seconds) => `Got it (${seconds} s)`,
  },
};
