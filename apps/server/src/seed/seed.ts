import { randomInt } from 'node:crypto';
import { INDONESIAN_RAILS, type LocalCurrency, MEXICAN_RAILS } from '@payhub/contracts';
import { hashPassword } from '../platform/auth/password.ts';
import type { Db } from '../platform/db/database.ts';
import { seedConsoleStaff } from './console-seed.repo.ts';
import { demoNickname } from './demo-names.ts';
import { seedPaymentHub } from './payhub.seed.ts';
import { createSeedRepo, type ProjectSeed } from './seed.repo.ts';
import { seedWallets } from './wallet.seed.ts';

/** A small logo per project: an inline SVG badge, so a fresh install needs no asset files. */
function badgeLogo(initials: string, color: string): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="${color}"/><text x="32" y="41" font-family="Arial,sans-serif" font-size="24" font-weight="700" fill="#fff" text-anchor="middle">${initials}</text></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

export const SEED_PROJECTS: ProjectSeed[] = [
  {
    id: 10,
    name: 'Payhub Nusantara',
    logo: badgeLogo('PN', '#0f766e'),
    locale: 'id-ID',
    currency: 'IDR',
    timeZone: 'Asia/Jakarta',
    countryCode: '62',
    currencySymbol: 'Rp',
    jurisdiction: 'ID',
    rails: INDONESIAN_RAILS,
  },
  {
    id: 12,
    name: 'Payhub Indonesia',
    logo: badgeLogo('PI', '#1d4ed8'),
    locale: 'id-ID',
    currency: 'IDR',
    timeZone: 'Asia/Jakarta',
    countryCode: '62',
    currencySymbol: 'Rp',
    jurisdiction: 'ID',
    rails: INDONESIAN_RAILS,
  },
  {
    id: 16,
    name: 'Payhub México',
    logo: badgeLogo('PM', '#b91c1c'),
    locale: 'es-MX',
    currency: 'MXN',
    timeZone: 'America/Mexico_City',
    countryCode: '52',
    currencySymbol: 'MX$',
    jurisdiction: 'MX',
    rails: MEXICAN_RAILS,
  },
];

/** Public settings the apps read per project. */
const SEED_CONFIG: Record<string, unknown> = {
  // Native wrappers below this versionCode must update (spec §4).
  minNativeVersionCode: 9,
  // Sessions in this time zone are exempt from the app-only rule (spec §5).
  appOnlyExemptTimeZone: 'Asia/Shanghai',
};

/** One demo account for every role the apps branch on (issue: seed). */
export const DEMO_ROLES = [
  {
    label: 'no-spa',
    spaType: null,
    spaPay: 'no',
    leaderLevel: -1,
    paymentRole: null,
    staffRole: null,
    tier: 'normal',
  },
  {
    label: 'cs',
    spaType: 'CS',
    spaPay: 'no',
    leaderLevel: -1,
    paymentRole: null,
    staffRole: null,
    tier: 'normal',
  },
  {
    label: 'hr',
    spaType: 'HR',
    spaPay: 'no',
    leaderLevel: -1,
    paymentRole: null,
    staffRole: null,
    tier: 'normal',
  },
  {
    label: 'promoter',
    spaType: 'New',
    spaPay: 'no',
    leaderLevel: 0,
    paymentRole: null,
    staffRole: null,
    tier: 'normal',
  },
  {
    label: 'leader',
    spaType: 'New',
    spaPay: 'no',
    leaderLevel: 1,
    paymentRole: null,
    staffRole: null,
    tier: 'advanced',
  },
  {
    label: 'operator-manage',
    spaType: 'Banker',
    spaPay: 'yes',
    leaderLevel: -1,
    paymentRole: 'Manage',
    staffRole: null,
    tier: 'manage',
  },
  {
    label: 'operator',
    spaType: 'Banker',
    spaPay: 'yes',
    leaderLevel: -1,
    paymentRole: 'Handler',
    staffRole: null,
    tier: 'normal',
  },
  {
    label: 'admin',
    spaType: null,
    spaPay: 'no',
    leaderLevel: -1,
    paymentRole: null,
    staffRole: 'admin',
    tier: 'normal',
  },
  // Payment hub: a second handler (another operator's orders) and two players with a wallet.
  {
    label: 'operator-2',
    spaType: 'Banker',
    spaPay: 'yes',
    leaderLevel: -1,
    paymentRole: 'Handler',
    staffRole: null,
    tier: 'normal',
  },
  {
    label: 'player',
    spaType: null,
    spaPay: 'no',
    leaderLevel: -1,
    paymentRole: null,
    staffRole: null,
    tier: 'normal',
  },
  {
    label: 'player-2',
    spaType: null,
    spaPay: 'no',
    leaderLevel: -1,
    paymentRole: null,
    staffRole: null,
    tier: 'normal',
  },
  // The operator console's staff, one per role (docs/console.md); the 'admin' above is its admin.
  {
    label: 'staff-support',
    spaType: null,
    spaPay: 'no',
    leaderLevel: -1,
    paymentRole: null,
    staffRole: null,
    tier: 'normal',
  },
  {
    label: 'staff-payments',
    spaType: null,
    spaPay: 'no',
    leaderLevel: -1,
    paymentRole: null,
    staffRole: null,
    tier: 'normal',
  },
  {
    label: 'staff-compliance',
    spaType: null,
    spaPay: 'no',
    leaderLevel: -1,
    paymentRole: null,
    staffRole: null,
    tier: 'normal',
  },
  {
    label: 'staff-finance',
    spaType: null,
    spaPay: 'no',
    leaderLevel: -1,
    paymentRole: null,
    staffRole: null,
    tier: 'normal',
  },
  {
    label: 'staff-content',
    spaType: null,
    spaPay: 'no',
    leaderLevel: -1,
    paymentRole: null,
    staffRole: null,
    tier: 'normal',
  },
] as const;

export interface DemoAccount {
  projectId: number;
  label: string;
  spaType: string | null;
  spaPay: 'yes' | 'no';
  leaderLevel: number;
  paymentRole: string | null;
  phone: string;
  password: string;
}

/** Demo phones: Indonesian mobiles 81<project><index>, Mexican 55<project><index>. */
function demoPhone(project: ProjectSeed, index: number): string {
  const suffix = String(index + 1).padStart(4, '0');
  return project.locale === 'es-MX' ? `55${project.id}00${suffix}` : `81${project.id}00${suffix}`;
}

/** Demo leads per project (promo programme). */
export const DEMO_LEAD_COUNT = 40;

/** Demo lead phones: Indonesian mobiles 85<project><index>, Mexican 56<project><index>. */
export function demoLeadPhone(project: ProjectSeed, index: number): string {
  return project.locale === 'es-MX'
    ? `56${project.id}${String(index + 1).padStart(6, '0')}`
    : `85${project.id}${String(index + 1).padStart(7, '0')}`;
}

/** A readable random password that satisfies the rule (8-16, letters and digits). */
function demoPassword(): string {
  const letters = 'abcdefghjkmnpqrstuvwxyz';
  let text = 'Demo';
  for (let index = 0; index < 4; index += 1) text += letters[randomInt(letters.length)];
  return `${text}${randomInt(10, 100)}`;
}

/**
 * Seeds projects and settings, and with `demo` the demo accounts, leads and payment-hub data.
 * Idempotent; answers the accounts it created now. Production never passes `demo` on its own
 * (main.ts); `npm run seed -- --demo` is the explicit way to put demo accounts into a database.
 */
export async function seed(db: Db, options: { demo: boolean }): Promise<DemoAccount[]> {
  const repo = createSeedRepo(db);
  const created: DemoAccount[] = [];
  for (const project of SEED_PROJECTS) {
    await repo.upsertProject(project);
    for (const [key, value] of Object.entries(SEED_CONFIG)) await repo.upsertConfig(project.id, key, value);
    if (!options.demo) continue;
    for (const [index, role] of DEMO_ROLES.entries()) {
      const password = demoPassword();
      const phone = demoPhone(project, index);
      const inserted = await repo.upsertAccount({
        projectId: project.id,
        phone,
        passwordHash: await hashPassword(password),
        nickname: demoNickname(role.label, project.locale),
        staffRole: role.staffRole,
        spaType: role.spaType,
        spaPay: role.spaPay === 'yes',
        leaderLevel: role.leaderLevel,
        paymentRole: role.paymentRole,
        tier: role.tier,
      });
      if (inserted) {
        created.push({
          projectId: project.id,
          label: role.label,
          spaType: role.spaType,
          spaPay: role.spaPay,
          leaderLevel: role.leaderLevel,
          paymentRole: role.paymentRole,
          phone,
          password,
        });
      }
    }
    const phoneOf = (label: string) =>
      demoPhone(
        project,
        DEMO_ROLES.findIndex((role) => role.label === label),
      );
    await repo.seedPromoDemo({
      projectId: project.id,
      leaderPhone: phoneOf('leader'),
      promoterPhone: phoneOf('promoter'),
      // Seed texts in the project's language (issue 11: "Tim 16" in Mexico).
      groupName: project.locale === 'es-MX' ? `Equipo ${project.id}` : `Tim ${project.id}`,
      applicationNote:
        project.locale === 'es-MX' ? 'Quiero unirme al equipo.' : 'Saya ingin bergabung dengan tim.',
      reportText:
        project.locale === 'es-MX'
          ? 'Reporte de prueba: llamé a los primeros contactos, dos quieren el enlace mañana.'
          : 'Laporan contoh: sudah menelepon nomor pertama, dua orang minta tautan besok.',
      leads: Array.from({ length: DEMO_LEAD_COUNT }, (_, index) => ({
        phone: demoLeadPhone(project, index),
        // The last four: two without consent, two who asked not to be contacted again.
        consent: index < DEMO_LEAD_COUNT - 4 || index >= DEMO_LEAD_COUNT - 2,
        doNotContact: index >= DEMO_LEAD_COUNT - 2,
      })),
    });
    await seedPaymentHub(db, {
      projectId: project.id,
      locale: project.locale,
      currency: project.currency as LocalCurrency,
      operators: [
        { label: 'operator-manage', phone: phoneOf('operator-manage'), working: false },
        { label: 'operator', phone: phoneOf('operator'), working: true },
        { label: 'operator-2', phone: phoneOf('operator-2'), working: true },
      ],
      players: [
        { label: 'player', phone: phoneOf('player') },
        { label: 'player-2', phone: phoneOf('player-2') },
      ],
    });
    // Console staff: each `staff-<role>` account holds that role in its own project; `admin` is the console admin.
    await seedConsoleStaff(db, {
      projectId: project.id,
      staff: [
        { phone: phoneOf('admin'), role: 'admin' },
        ...(['support', 'payments', 'compliance', 'finance', 'content'] as const).map((role) => ({
          phone: phoneOf(`staff-${role}`),
          role,
        })),
      ],
    });
    // "Players funded in every asset" (README): USDT and YEC play money beside the local currency.
    await seedWallets(db, {
      projectId: project.id,
      locale: project.locale,
      players: [
        { label: 'player', phone: phoneOf('player') },
        { label: 'player-2', phone: phoneOf('player-2') },
      ],
    });
  }
  return created;
}

export async function isEmpty(db: Db): Promise<boolean> {
  return (await createSeedRepo(db).projectCount()) === 0;
}
