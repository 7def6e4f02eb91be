import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { spaProfiles } from '../user/user.schema.ts';
import { appSessions } from './promo.schema.ts';

export function createPromoRepo(db: Db) {
  return {
    profile: async (userId: number) =>
      (await db.select().from(spaProfiles).where(eq(spaProfiles.userId, userId)).limit(1))[0] ?? null,
    recordAppSession: async (row: typeof appSessions.$inferInsert) => {
      await db.insert(appSessions).values(row);
    },
  };
}
export type PromoRepo = ReturnType<typeof createPromoRepo>;
