// Why a player may not play (code 10001, spec §8 "user cannot play"), in each language: the code
// stays the same for every cause, and its message says which one applies and until when, in the
// words of the player app's responsible-play page.
import { type Locale, resolveLocale } from '@payhub/contracts';

export type PlayBlockCause =
  | 'cool_off'
  | 'self_exclusion'
  | 'under_age'
  | 'age_undeclared'
  | 'limits_unvalued';

/** A cause of 10001 as the server knows it: an exclusion's end (null: permanent) in the project's zone. */
export interface PlayBlock {
  cause: PlayBlockCause;
  until?: Date | null;
  timeZone?: string;
}

interface PlayBlockTexts {
  cool_off: (until: string) => string;
  cool_off_open: string;
  self_exclusion: (until: string) => string;
  self_exclusion_permanent: string;
  under_age: string;
  age_undeclared: string;
  limits_unvalued: string;
}

const texts: Record<Locale, PlayBlockTexts> = {
  'id-ID': {
    cool_off: (until) => `Jeda aktif sampai ${until}: deposit dan taruhan diblokir`,
    cool_off_open: 'Jeda aktif: deposit dan taruhan diblokir',
    self_exclusion: (until) => `Pengecualian diri aktif sampai ${until}: deposit dan taruhan diblokir`,
    self_exclusion_permanent: 'Pengecualian diri permanen: deposit dan taruhan diblokir',
    under_age: 'Permainan dan transaksi uang sungguhan hanya untuk usia minimum; usia Anda di bawahnya',
    age_undeclared:
      'Untuk bermain dengan uang sungguhan, nyatakan dulu nama dan tanggal lahir Anda di halaman identitas',
    limits_unvalued:
      'Batas bermain Anda tidak dapat diperiksa saat ini (kurs aset tidak tersedia); coba lagi nanti',
  },
  'es-MX': {
    cool_off: (until) => `En pausa hasta el ${until}: depósitos y apuestas bloqueados`,
    cool_off_open: 'En pausa: depósitos y apuestas bloqueados',
    self_exclusion: (until) => `Autoexcluido hasta el ${until}: depósitos y apuestas bloqueados`,
    self_exclusion_permanent: 'Autoexclusión permanente: depósitos y apuestas bloqueados',
    under_age: 'El juego y los pagos con dinero real son solo para la edad mínima; la tuya está por debajo',
    age_undeclared:
      'Para jugar con dinero real, declara primero tu nombre y fecha de nacimiento en la página de identidad',
    limits_unvalued:
      'Tus límites de juego no se pueden comprobar ahora (no hay tipo de cambio del activo); inténtalo más tarde',
  },
  en: {
    cool_off: (until) => `Cool-off until ${until}: deposits and bets are blocked`,
    cool_off_open: 'Cool-off: deposits and bets are blocked',
    self_exclusion: (until) => `Self-excluded until ${until}: deposits and bets are blocked`,
    self_exclusion_permanent: 'Permanent self-exclusion: deposits and bets are blocked',
    under_age: 'Real-money play and payments are only for the minimum age; yours is below it',
    age_undeclared: 'To play with real money, first declare your name and date of birth on the identity page',
    limits_unvalued: 'Your play limits cannot be checked right now (no rate for the asset); try again later',
  },
};

/** The message of a 10001 for `block` in `language`, the end shown in the project's time zone. */
export function playBlockMessage(block: PlayBlock, language: string | undefined): string {
  const locale = resolveLocale(language);
  const catalog = texts[locale];
  switch (block.cause) {
    case 'under_age':
      return catalog.under_age;
    case 'age_undeclared':
      return catalog.age_undeclared;
    case 'limits_unvalued':
      return catalog.limits_unvalued;
    case 'cool_off':
    case 'self_exclusion': {
      if (!block.until)
        return block.cause === 'cool_off' ? catalog.cool_off_open : catalog.self_exclusion_permanent;
      const until = new Intl.DateTimeFormat(locale, {
        dateStyle: 'medium',
        timeStyle: 'short',
        ...(block.timeZone ? { timeZone: block.timeZone } : {}),
      }).format(block.until);
      return catalog[block.cause](until);
    }
  }
}
