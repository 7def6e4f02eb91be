import { sql } from 'drizzle-orm';
import type { Db } from '../platform/db/database.ts';

export interface ProjectSeed {
  id: number;
  name: string;
  logo: string;
  locale: string;
  currency: string;
  timeZone: string;
  countryCode: string;
  currencySymbol: string;
  jurisdiction: string;
}

export interface AccountSeed {
  projectId: number;
  phone: string;
  passwordHash: string;
  nickname: string;
  staffRole: 'admin' | null;
  spaType: string | null;
  spaPay: boolean;
  leaderLevel: number;
  paymentRole: string | null;
  tier: string;
}

export function createSeedRepo(db: Db) {
  return {
    async projectCount(): Promise<number> {
      const result = await db.execute<{ count: string }>(sql`SELECT count(*) FROM projects`);
      return Number(result.rows[0]?.count ?? 0);
    },
    async upsertProject(project: ProjectSeed) {
      await db.execute(sql`
        INSERT INTO projects (id, name, logo, locale, currency, time_zone, country_code, currency_symbol, jurisdiction)
        VALUES (${project.id}, ${project.name}, ${project.logo}, ${project.locale}, ${project.currency},
                ${project.timeZone}, ${project.countryCode}, ${project.currencySymbol}, ${project.jurisdiction})
        ON CONFLICT (id) DO NOTHING`);
    },
    async upsertConfig(projectId: number, key: string, value: unknown) {
      await db.execute(sql`
        INSERT INTO site_config (project_id, key, value) VALUES (${projectId}, ${key}, ${JSON.stringify(value)}::jsonb)
        ON CONFLICT (project_id, key) DO NOTHING`);
    },
    /** Creates the account with its promo identity; an existing phone keeps its account. */
    async upsertAccount(account: AccountSeed): Promise<boolean> {
      return db.transaction(async (tx) => {
        const inserted = await tx.execute<{ id: string }>(sql`
          INSERT INTO users (project_id, phone, password_hash, nickname, staff_role, phone_verified_at)
          VALUES (${account.projectId}, ${account.phone}, ${account.passwordHash}, ${account.nickname}, ${account.staffRole}, now())
          ON CONFLICT (project_id, phone) DO NOTHING RETURNING id`);
        const id = inserted.rows[0]?.id;
        if (!id) return false;
        await tx.execute(sql`
          INSERT INTO spa_profiles (user_id, spa_type, spa_pay, leader_level, payment_role, tier)
          VALUES (${id}, ${account.spaType}, ${account.spaPay}, ${account.leaderLevel}, ${account.paymentRole}, ${account.tier})`);
        return true;
      });
    },
  };
}
