import type { ProjectRails } from '@payhub/contracts';
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
  /** The project's payment rails (contracts/rails.ts). */
  rails: ProjectRails;
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
        INSERT INTO projects (id, name, logo, locale, currency, time_zone, country_code, currency_symbol, jurisdiction, rails)
        VALUES (${project.id}, ${project.name}, ${project.logo}, ${project.locale}, ${project.currency},
                ${project.timeZone}, ${project.countryCode}, ${project.currencySymbol}, ${project.jurisdiction},
                ${JSON.stringify(project.rails)}::jsonb)
        ON CONFLICT (id) DO UPDATE SET rails = COALESCE(projects.rails, EXCLUDED.rails)`);
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
    /**
     * The promo demo (docs/promo.md): the leader's group with the promoter as approved member,
     * consenting leads (and a few without consent or marked do-not-contact, never handed out), and
     * yesterday's report of the promoter waiting for the leader's check. Idempotent.
     */
    async seedPromoDemo(demo: {
      projectId: number;
      leaderPhone: string;
      promoterPhone: string;
      groupName: string;
      /** Yesterday's demo report, in the project's language. */
      reportText: string;
      /** The promoter's application note, in the project's language. */
      applicationNote: string;
      leads: Array<{ phone: string; consent: boolean; doNotContact: boolean }>;
    }) {
      await db.transaction(async (tx) => {
        const people = await tx.execute<{ leader: string | null; promoter: string | null }>(sql`
          SELECT (SELECT id FROM users WHERE project_id = ${demo.projectId} AND phone = ${demo.leaderPhone}) AS leader,
                 (SELECT id FROM users WHERE project_id = ${demo.projectId} AND phone = ${demo.promoterPhone}) AS promoter`);
        const leader = people.rows[0]?.leader;
        const promoter = people.rows[0]?.promoter;
        if (!leader || !promoter) return;
        await tx.execute(sql`
          INSERT INTO spa_groups (project_id, name, leader_id) VALUES (${demo.projectId}, ${demo.groupName}, ${leader})
          ON CONFLICT (leader_id) DO NOTHING`);
        await tx.execute(sql`
          INSERT INTO spa_applications (project_id, group_id, user_id, spa_type, note, status, reviewer_id, created_at, decided_at)
          SELECT g.project_id, g.id, ${promoter}, 'New', ${demo.applicationNote}, 2, g.leader_id, now(), now()
          FROM spa_groups g WHERE g.leader_id = ${leader}
            AND NOT EXISTS (SELECT 1 FROM spa_applications a WHERE a.user_id = ${promoter})`);
        await tx.execute(sql`
          INSERT INTO spa_members (user_id, group_id, application_id, joined_at)
          SELECT a.user_id, a.group_id, a.id, a.decided_at FROM spa_applications a
          WHERE a.user_id = ${promoter} AND a.status = 2
          ON CONFLICT (user_id) DO NOTHING`);
        for (const lead of demo.leads) {
          await tx.execute(sql`
            INSERT INTO spa_leads (project_id, phone, consent, consent_source, do_not_contact, do_not_contact_at)
            VALUES (${demo.projectId}, ${lead.phone}, ${lead.consent}, 'demo opt-in form', ${lead.doNotContact},
                    ${lead.doNotContact ? sql`now()` : null})
            ON CONFLICT (project_id, phone) DO NOTHING`);
        }
        await tx.execute(sql`
          INSERT INTO spa_reports (project_id, user_id, group_id, report_day, content, contacted_count, interested_count, created_at)
          SELECT g.project_id, ${promoter}, g.id, ((now() AT TIME ZONE p.time_zone)::date - 1),
                 ${demo.reportText}, 4, 2, now()
          FROM spa_groups g JOIN projects p ON p.id = g.project_id
          WHERE g.leader_id = ${leader} AND NOT EXISTS (SELECT 1 FROM spa_reports r WHERE r.user_id = ${promoter})`);
        await tx.execute(sql`
          INSERT INTO spa_report_checks (report_id, assignee_id, kind, status, created_at)
          SELECT r.id, ${leader}, 'review', 0, now() FROM spa_reports r
          WHERE r.user_id = ${promoter} AND NOT EXISTS (SELECT 1 FROM spa_report_checks k WHERE k.report_id = r.id)`);
      });
    },
  };
}
