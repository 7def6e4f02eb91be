/**
 * The demo accounts' names in each project's language (issue 11: "Demo promoter" showed in English on
 * es-MX /pengajuan). A nickname names the role ("Promotor (demo)"); an operator's verified name is a
 * person's name of the country, as KYC would record it (players see it as the payee of a deposit).
 */
export type SeedLocale = 'id-ID' | 'es-MX';

const ROLE_NAMES: Record<SeedLocale, Record<string, string>> = {
  'id-ID': {
    'no-spa': 'Calon anggota',
    cs: 'Layanan pelanggan',
    hr: 'Staf SDM',
    promoter: 'Promotor',
    leader: 'Ketua tim',
    'operator-manage': 'Manajer pembayaran',
    operator: 'Operator pembayaran',
    admin: 'Admin',
    'operator-2': 'Operator pembayaran kedua',
    player: 'Pemain',
    'player-2': 'Pemain kedua',
    'staff-support': 'Staf dukungan',
    'staff-payments': 'Staf pembayaran',
    'staff-compliance': 'Staf kepatuhan',
    'staff-finance': 'Staf keuangan',
    'staff-content': 'Staf konten',
  },
  'es-MX': {
    'no-spa': 'Aspirante',
    cs: 'Atención a clientes',
    hr: 'Recursos humanos',
    promoter: 'Promotor',
    leader: 'Líder de equipo',
    'operator-manage': 'Gerente de pagos',
    operator: 'Operador de pagos',
    admin: 'Administrador',
    'operator-2': 'Segundo operador de pagos',
    player: 'Jugador',
    'player-2': 'Segundo jugador',
    'staff-support': 'Personal de soporte',
    'staff-payments': 'Personal de pagos',
    'staff-compliance': 'Personal de cumplimiento',
    'staff-finance': 'Personal de finanzas',
    'staff-content': 'Personal de contenido',
  },
};

const OPERATOR_NAMES: Record<SeedLocale, Record<string, string>> = {
  'id-ID': { 'operator-manage': 'Sri Handayani', operator: 'Agus Pratama', 'operator-2': 'Hendra Wijaya' },
  'es-MX': { 'operator-manage': 'Ana Martínez', operator: 'Luis Hernández', 'operator-2': 'Carmen Ramírez' },
};

const WALLET_LABEL: Record<SeedLocale, string> = { 'id-ID': 'Dompet demo', 'es-MX': 'Cartera demo' };

function seedLocale(locale: string): SeedLocale {
  return locale === 'es-MX' ? 'es-MX' : 'id-ID';
}

/** A demo account's nickname: its role in the project's language, marked as a demo. */
export function demoNickname(label: string, locale: string): string {
  const name = ROLE_NAMES[seedLocale(locale)][label];
  if (!name) throw new Error(`no demo name for ${label}`);
  return `${name} (demo)`;
}

/** A demo operator's verified (KYC) name: the holder name its bank cards must carry. */
export function demoVerifiedName(label: string, locale: string): string {
  const name = OPERATOR_NAMES[seedLocale(locale)][label];
  if (!name) throw new Error(`no demo operator name for ${label}`);
  return name;
}

/** The label of the demo player's saved withdrawal address. */
export function demoWalletLabel(locale: string): string {
  return WALLET_LABEL[seedLocale(locale)];
}
