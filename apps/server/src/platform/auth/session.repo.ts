import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { sessions } from './session.schema.ts';

export interface SessionRow {
  userId: number;
  projectId: number;
  expiresAt: Date;
  revokedAt: Date | null;
  staffRole: string | null;
}

export function createSessionRepo(db: Db) {
  return {
    async insert(row: {
      tokenHash: Buffer;
      userId: number;
      projectId: number;
      clientId: string | null;
      expiresAt: Date;
    }) {
      await db.insert(sessions).values(row);
    },
    async find(tokenHash: Buffer): Promise<SessionRow | null> {
      const result = await db.execute<{
        user_id: string;
        project_id: number;
        expires_at: Date;
        revoked_at: Date | null;
        staff_role: string | null;
      }>(
        // One indexed lookup: the session with its user's staff role.
        sql`SELECT s.user_id, s.project_id, s.expires_at, s.revoked_at, u.staff_role
            FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.token_hash = ${tokenHash}`,
      );
      const row = result.rows[0];
      if (!row) return null;
      return {
        userId: Number(row.user_id),
        projectId: row.project_id,
        expiresAt: new Date(row.expires_at),
        revokedAt: row.revoked_at ? new Date(row.revoked_at) : null,
        staffRole: row.staff_role,
      };
    },
    async revoke(tokenHash: Buffer, at: Date) {
      await db
        .update(sessions)
        .set({ revokedAt: at })
        .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)));
    },
    async revokeAllOfUser(userId: number, at: Date, keep?: Buffer) {
      await db
        .update(sessions)
        .set({ revokedAt: at })
        .where(
          and(
            eq(sessions.userId, userId),
            isNull(sessions.revokedAt),
            keep ? ne(sessions.tokenHash, keep) : undefined,
          ),
        );
    },
  };
}
export type SessionRepo = ReturnType<typeof createSessionRepo>;
