import { sql } from 'drizzle-orm';
import type { Db } from '../platform/db/database.ts';

export function createPayhubSeedRepo(db: Db) {
  return {
    async userIdByPhone(projectId: number, phone: string): Promise<number | null> {
      const result = await db.execute<{ id: string }>(
        sql`SELECT id FROM users WHERE project_id = ${projectId} AND phone = ${phone}`,
      );
      return result.rows[0] ? Number(result.rows[0].id) : null;
    },
    async operatorExists(userId: number): Promise<boolean> {
      const result = await db.execute(sql`SELECT 1 FROM payhub_operators WHERE user_id = ${userId}`);
      return result.rows.length === 1;
    },
  };
}
