import {
  AMOUNT_SEPARATORS,
  displayAmount,
  type LocalCurrency,
  type Locale,
  resolveLocale,
} from '@payhub/contracts';

/**
 * The texts of the inbox mails the server writes, per language (issue 11: a mail read
 * "Tim 12: approved"). A mail is stored as text when it is sent, so it is written in the language of
 * the recipient's project.
 */
type ApplicationStatus = 'applied' | 'reviewing' | 'approved' | 'rejected' | 'cancelled' | 'removed';

interface MailCatalog {
  /** Title of the mail telling an applicant what happened to his application. */
  applicationTitle: (group: string, status: ApplicationStatus) => string;
  /** Its body when the reviewer wrote no note. */
  applicationBody: (group: string, status: ApplicationStatus) => string;
}

const idStatus: Record<ApplicationStatus, string> = {
  applied: 'diajukan',
  reviewing: 'sedang ditinjau',
  approved: 'disetujui',
  rejected: 'ditolak',
  cancelled: 'dibatalkan',
  removed: 'dikeluarkan dari grup',
};
const esStatus: Record<ApplicationStatus, string> = {
  applied: 'enviada',
  reviewing: 'en revisión',
  approved: 'aprobada',
  rejected: 'rechazada',
  cancelled: 'cancelada',
  removed: 'retirada del grupo',
};
const enStatus: Record<ApplicationStatus, string> = {
  applied: 'submitted',
  reviewing: 'under review',
  approved: 'approved',
  rejected: 'rejected',
  cancelled: 'cancelled',
  removed: 'removed from the group',
};

const catalogs: Record<Locale, MailCatalog> = {
  'id-ID': {
    applicationTitle: (group, status) => `${group}: pengajuan ${idStatus[status]}`,
    applicationBody: (group, status) => `Pengajuan Anda ke ${group} ${idStatus[status]}.`,
  },
  'es-MX': {
    applicationTitle: (group, status) => `${group}: solicitud ${esStatus[status]}`,
    applicationBody: (group, status) => `Tu solicitud a ${group} fue ${esStatus[status]}.`,
  },
  en: {
    applicationTitle: (group, status) => `${group}: application ${enStatus[status]}`,
    applicationBody: (group, status) => `Your application to ${group} was ${enStatus[status]}.`,
  },
};

export const MAIL_APPLICATION_STATUSES: readonly ApplicationStatus[] = Object.keys(
  idStatus,
) as ApplicationStatus[];

/** The mail on an application decision, in a language (unknown languages fall back to Indonesian). */
export function applicationMail(
  language: string | undefined,
  group: string,
  status: string,
  note: string | null,
): { title: string; content: string } {
  const catalog = catalogs[resolveLocale(language)];
  const known = (MAIL_APPLICATION_STATUSES as readonly string[]).includes(status)
    ? (status as ApplicationStatus)
    : 'applied';
  return {
    title: catalog.applicationTitle(group, known),
    content: note ?? catalog.applicationBody(group, known),
  };
}

/** The mail with a code that binds an email address to the account (issue 14), per language. */
const emailCodeTexts: Record<Locale, (code: string, minutes: number) => { subject: string; text: string }> = {
  'id-ID': (code, minutes) => ({
    subject: `Kode verifikasi email Anda: ${code}`,
    text: `Kode verifikasi email Anda adalah ${code}. Kode berlaku ${minutes} menit. Jangan berikan kode ini kepada siapa pun. Jika Anda tidak meminta kode ini, abaikan email ini.`,
  }),
  'es-MX': (code, minutes) => ({
    subject: `Tu código de verificación de correo: ${code}`,
    text: `Tu código de verificación de correo es ${code}. Vale ${minutes} minutos. No se lo compartas a nadie. Si no lo pediste, ignora este correo.`,
  }),
  en: (code, minutes) => ({
    subject: `Your email verification code: ${code}`,
    text: `Your email verification code is ${code}. It is valid for ${minutes} minutes. Never share it with anyone. If you did not ask for it, ignore this mail.`,
  }),
};

export function emailCodeMail(
  language: string | undefined,
  code: string,
  minutes: number,
): { subject: string; text: string; language: Locale } {
  const locale = resolveLocale(language);
  return { ...emailCodeTexts[locale](code, minutes), language: locale };
}

/** The notice of a sign-in from a new device (inbox and email), per language. */
const newDeviceTexts: Record<
  Locale,
  (device: string, ip: string, at: string) => { title: string; text: string }
> = {
  'id-ID': (device, ip, at) => ({
    title: 'Masuk dari perangkat baru',
    text: `Akun Anda baru saja masuk dari perangkat baru: ${device} (alamat ${ip}) pada ${at}. Jika ini bukan Anda, ganti kata sandi sekarang dan keluarkan sesi lain di Pengaturan keamanan.`,
  }),
  'es-MX': (device, ip, at) => ({
    title: 'Inicio de sesión desde un dispositivo nuevo',
    text: `Tu cuenta inició sesión desde un dispositivo nuevo: ${device} (dirección ${ip}) el ${at}. Si no fuiste tú, cambia tu contraseña ahora y cierra las demás sesiones en Seguridad.`,
  }),
  en: (device, ip, at) => ({
    title: 'Sign-in from a new device',
    text: `Your account just signed in from a new device: ${device} (address ${ip}) at ${at}. If this was not you, change your password now and sign out the other sessions under Security.`,
  }),
};

export function newDeviceMail(
  language: string | undefined,
  device: string,
  ip: string,
  at: string,
): { title: string; text: string; language: Locale } {
  const locale = resolveLocale(language);
  return { ...newDeviceTexts[locale](device, ip, at), language: locale };
}

/** The text message with a one-time code (any purpose), per language. */
const codeSmsTexts: Record<Locale, (code: string) => string> = {
  // The code ends the text (phones offer to copy it; tests read it there).
  'id-ID': (code) => `Payhub: jangan berikan kode ini kepada siapa pun. Kode Anda: ${code}`,
  'es-MX': (code) => `Payhub: no compartas este código con nadie. Tu código: ${code}`,
  en: (code) => `Payhub: never share this code with anyone. Your code: ${code}`,
};

export function codeSms(language: string | undefined, code: string): string {
  return codeSmsTexts[resolveLocale(language)](code);
}

/** The text message to the old number when an account moves to another phone number, per language. */
const phoneChangedTexts: Record<Locale, (lastDigits: string) => string> = {
  'id-ID': (lastDigits) =>
    `Payhub: akun Anda kini memakai nomor telepon berakhiran ${lastDigits}. Jika ini bukan Anda, hubungi layanan pelanggan.`,
  'es-MX': (lastDigits) =>
    `Payhub: tu cuenta ahora usa el número de teléfono que termina en ${lastDigits}. Si no fuiste tú, contacta a atención al cliente.`,
  en: (lastDigits) =>
    `Payhub: your account now uses the phone number ending ${lastDigits}. If you did not do this, contact customer service.`,
};

export function phoneChangedSms(language: string | undefined, lastDigits: string): string {
  return phoneChangedTexts[resolveLocale(language)](lastDigits);
}

/** The title of the note a group leader gets when someone applies to the group, per language. */
const applicationReceivedTexts: Record<Locale, (group: string) => string> = {
  'id-ID': (group) => `${group}: pengajuan baru`,
  'es-MX': (group) => `${group}: solicitud nueva`,
  en: (group) => `${group}: new application`,
};

export function applicationReceivedTitle(language: string | undefined, group: string): string {
  return applicationReceivedTexts[resolveLocale(language)](group);
}

/** The inbox mail about a player's bonus money (issue 17): granted, or converted to withdrawable money. */
const bonusTexts: Record<
  Locale,
  (kind: 'granted' | 'converted', amount: string, asset: string) => { title: string; text: string }
> = {
  'id-ID': (kind, amount, asset) =>
    kind === 'granted'
      ? {
          title: 'Bonus diterima',
          text: `Bonus ${amount} ${asset} masuk ke saldo bonus Anda. Penuhi syarat taruhannya agar bonus dapat ditarik; lihat kemajuannya di halaman Bonus.`,
        }
      : {
          title: 'Bonus dapat ditarik',
          text: `Syarat taruhan terpenuhi: bonus ${amount} ${asset} kini ada di saldo Anda dan dapat ditarik.`,
        },
  'es-MX': (kind, amount, asset) =>
    kind === 'granted'
      ? {
          title: 'Bono recibido',
          text: `Un bono de ${amount} ${asset} llegó a tu saldo de bonos. Cumple el requisito de apuesta para poder retirarlo; ve tu avance en la página Bonos.`,
        }
      : {
          title: 'Bono disponible para retiro',
          text: `Requisito de apuesta cumplido: el bono de ${amount} ${asset} ya está en tu saldo y puedes retirarlo.`,
        },
  en: (kind, amount, asset) =>
    kind === 'granted'
      ? {
          title: 'Bonus received',
          text: `A bonus of ${amount} ${asset} is on your bonus balance. Meet its wagering requirement to withdraw it; see your progress on the Bonus page.`,
        }
      : {
          title: 'Bonus ready to withdraw',
          text: `Wagering requirement met: the bonus of ${amount} ${asset} is now on your balance and can be withdrawn.`,
        },
};

export function bonusMail(
  language: string | undefined,
  kind: 'granted' | 'converted',
  amount: string,
  asset: string,
): { title: string; text: string; language: Locale } {
  const locale = resolveLocale(language);
  return { ...bonusTexts[locale](kind, amount, asset), language: locale };
}

/**
 * The mail (inbox and email) on a compliance decision about the player's identity documents (tier 2):
 * approved, or rejected with the reviewer's reason and where to send new photos.
 */
const identityReviewTexts: Record<
  Locale,
  (decision: 'approved' | 'rejected', reason: string | null) => { title: string; text: string }
> = {
  'id-ID': (decision, reason) =>
    decision === 'approved'
      ? {
          title: 'Verifikasi identitas disetujui',
          text: 'Dokumen identitas dan swafoto Anda sudah diperiksa dan disetujui. Akun Anda kini di tingkat 2, dengan batas penarikan yang lebih tinggi.',
        }
      : {
          title: 'Verifikasi identitas ditolak',
          text: `Dokumen identitas Anda belum dapat disetujui. Alasan: ${reason ?? '-'}. Silakan kirim foto dokumen dan swafoto yang baru di Akun & keamanan › Identitas.`,
        },
  'es-MX': (decision, reason) =>
    decision === 'approved'
      ? {
          title: 'Verificación de identidad aprobada',
          text: 'Revisamos y aprobamos tu documento de identidad y tu selfie. Tu cuenta ya está en el nivel 2, con límites de retiro más altos.',
        }
      : {
          title: 'Verificación de identidad rechazada',
          text: `No pudimos aprobar tu documento de identidad. Motivo: ${reason ?? '-'}. Envía fotos nuevas del documento y de tu selfie en Cuenta y seguridad › Identidad.`,
        },
  en: (decision, reason) =>
    decision === 'approved'
      ? {
          title: 'Identity verification approved',
          text: 'We reviewed and approved your ID document and selfie. Your account is now at tier 2, with higher withdrawal limits.',
        }
      : {
          title: 'Identity verification rejected',
          text: `We could not approve your ID document. Reason: ${reason ?? '-'}. Send new photos of the document and your selfie under Account & security › Identity.`,
        },
};

export function identityReviewMail(
  language: string | undefined,
  decision: 'approved' | 'rejected',
  reason: string | null,
): { title: string; text: string; language: Locale } {
  const locale = resolveLocale(language);
  return { ...identityReviewTexts[locale](decision, reason), language: locale };
}

/**
 * The mail (inbox) telling a player that a credited deposit was taken back because the bank reversed
 * the payment: the order, its amount, what the wallet gave back, and where to ask.
 */
const depositReversedTexts: Record<
  Locale,
  (orderNo: string, amount: string, taken: string) => { title: string; text: string }
> = {
  'id-ID': (orderNo, amount, taken) => ({
    title: 'Deposit dibatalkan oleh bank',
    text: `Bank membatalkan pembayaran untuk deposit ${orderNo} sebesar ${amount}, sehingga deposit ini ditarik kembali. ${taken} diambil dari saldo Anda. Penarikan dana ditahan sementara selama kami meninjau akun Anda. Jika Anda merasa ini keliru, hubungi layanan pelanggan dengan bukti transfer Anda.`,
  }),
  'es-MX': (orderNo, amount, taken) => ({
    title: 'Depósito revertido por el banco',
    text: `El banco revirtió el pago del depósito ${orderNo} por ${amount}, así que el depósito se anuló. Se retiraron ${taken} de tu saldo. Los retiros quedan en pausa mientras revisamos tu cuenta. Si crees que es un error, escribe a atención al cliente con tu comprobante de transferencia.`,
  }),
  en: (orderNo, amount, taken) => ({
    title: 'Deposit reversed by the bank',
    text: `The bank reversed the payment for deposit ${orderNo} of ${amount}, so the deposit was taken back. ${taken} was taken from your balance. Withdrawals are on hold while we review your account. If you think this is a mistake, contact customer service with your transfer receipt.`,
  }),
};

export function depositReversedMail(
  language: string | undefined,
  deposit: { orderNo: string; amount: bigint; taken: bigint; currency: LocalCurrency; symbol: string },
): { title: string; text: string; language: Locale } {
  const locale = resolveLocale(language);
  const show = (units: bigint) =>
    displayAmount(units, deposit.currency, { ...AMOUNT_SEPARATORS[locale], symbol: deposit.symbol });
  return {
    ...depositReversedTexts[locale](deposit.orderNo, show(deposit.amount), show(deposit.taken)),
    language: locale,
  };
}
