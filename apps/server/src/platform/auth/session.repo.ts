import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { sessions } from './session.schema.ts';

/**
 * How stale a session's last-seen time may be (seconds): the sessions list and the console show it
 * to the minute, and refreshing it on every read wrote a row per active player every 20 s.
 */
export const LAST_SEEN_PRECISION_SECONDS = 60;

export interface SessionRow {
  userId: number;
  projectId: number;
  expiresAt: Date;
  revokedAt: Date | null;
  staffRole: string | null;
}

/** A session as its reads select it, with its user's staff role. */
interface SessionRecord extends Record<string, unknown> {
  user_id: string;
  project_id: number;
  expires_at: Date;
  revoked_at: Date | null;
  staff_role: string | null;
}

function toSessionRow(row: SessionRecord): SessionRow {
  return {
    userId: Number(row.user_id),
    projectId: row.project_id,
    expiresAt: new Date(row.expires_at),
    revokedAt: row.revoked_at ? new Date(row.revoked_at) : null,
    staffRole: row.staff_role,
  };
}

export function createSessionRepo(db: Db) {
  return {
    async insert(row: {
      tokenHash: Buffer;
      userId: number;
      projectId: number;
      clientId: string | null;
      expiresAt: Date;
      device?: string | null;
      ip?: string | null;
      lastSeenAt?: Date;
    }) {
      await db.insert(sessions).values(row);
    },
    /** Whether the user signed in before from this device (client id). */
    async knownDevice(userId: number, clientId: string): Promise<boolean> {
      const result = await db.execute(
        sql`SELECT 1 FROM sessions WHERE user_id = ${userId} AND client_id = ${clientId} LIMIT 1`,
      );
      return result.rows.length > 0;
    },
    /** Whether the user signed in before from a device of this name at this address (clients without an id). */
    async knownDeviceAt(userId: number, device: string, ip: string): Promise<boolean> {
      const result = await db.execute(
        sql`SELECT 1 FROM sessions WHERE user_id = ${userId} AND device = ${device} AND ip = ${ip} LIMIT 1`,
      );
      return result.rows.length > 0;
    },
    /** The device ids (client ids) and addresses every session of the user ever came from. */
    async signals(userId: number): Promise<{ clientIds: string[]; ips: string[] }> {
      const result = await db.execute<{ client_id: string | null; ip: string | null }>(
        sql`SELECT DISTINCT client_id, ip FROM sessions WHERE user_id = ${userId} LIMIT 200`,
      );
      const clientIds = new Set<string>();
      const ips = new Set<string>();
      for (const row of result.rows) {
        if (row.client_id) clientIds.add(row.client_id);
        if (row.ip) ips.add(row.ip);
      }
      return { clientIds: [...clientIds], ips: [...ips] };
    },
    async hasAny(userId: number): Promise<boolean> {
      const result = await db.execute(sql`SELECT 1 FROM sessions WHERE user_id = ${userId} LIMIT 1`);
      return result.rows.length > 0;
    },
    /**
     * The live sessions (not revoked, not expired at `at`) among `tokenHashes`, by hash (hex), with
     * their users' staff roles, in one round trip; a hash not live is missing (`find` tells why). Their
     * last-seen time is set to `at` only where it is older than LAST_SEEN_PRECISION_SECONDS: an active
     * player's session is read every 20 s per node (the cache's refresh-ahead), and an UPDATE each time
     * was a row version, WAL and a flushed commit per active player every 20 s, for a time the sessions
     * list shows to the minute. A read that updates nothing commits without flushing WAL.
     */
    async seeLive(tokenHashes: readonly Buffer[], at: Date): Promise<Map<string, SessionRow>> {
      // Hex digits need no quoting in an array literal.
      const hashes = `{${tokenHashes.map((hash) => hash.toString('hex')).join(',')}}`;
      const result = await db.execute<SessionRecord & { token_hash: Buffer }>(
        sql`WITH live AS MATERIALIZED (
              SELECT s.id, s.token_hash, s.user_id, s.project_id, s.expires_at, s.revoked_at, s.last_seen_at
                FROM sessions s
               WHERE s.token_hash = ANY (SELECT decode(h, 'hex') FROM unnest(${hashes}::text[]) AS h)
                 AND s.revoked_at IS NULL AND s.expires_at > ${at}),
            seen AS (
              UPDATE sessions s SET last_seen_at = ${at}
                FROM live
               WHERE s.id = live.id
                 AND (live.last_seen_at IS NULL
                      OR live.last_seen_at < ${at}::timestamptz - make_interval(secs => ${LAST_SEEN_PRECISION_SECONDS})))
            SELECT live.token_hash, live.user_id, live.project_id, live.expires_at, live.revoked_at, u.staff_role
              FROM live JOIN users u ON u.id = live.user_id`,
      );
      return new Map(
        result.rows.map((row) => [Buffer.from(row.token_hash).toString('hex'), toSessionRow(row)] as const),
      );
    },
    /** The user's live sessions, most recently seen first. */
    async live(userId: number, now: Date) {
      const result = await db.execute<{
        id: string;
        token_hash: Buffer;
        device: string | null;
        ip: string | null;
        created_at: Date;
        last_seen_at: Date | null;
      }>(sql`SELECT id, token_hash, device, ip, created_at, last_seen_at FROM sessions
              WHERE user_id = ${userId} AND revoked_at IS NULL AND expires_at > ${now}
              ORDER BY COALESCE(last_seen_at, created_at) DESC, id DESC LIMIT 100`);
      return result.rows.map((row) => ({
        id: Number(row.id),
        tokenHash: Buffer.from(row.token_hash).toString('hex'),
        device: row.device,
        ip: row.ip,
        createdAt: new Date(row.created_at),
        lastSeenAt: row.last_seen_at ? new Date(row.last_seen_at) : null,
      }));
    },
    /** Ends one session of the user by its public id; answers its token hash (hex) or null. */
    async revokeById(userId: number, id: number, at: Date): Promise<string | null> {
      const rows = await db
        .update(sessions)
        .set({ revokedAt: at })
        .where(and(eq(sessions.userId, userId), eq(sessions.id, id), isNull(sessions.revokedAt)))
        .returning({ tokenHash: sessions.tokenHash });
      return rows[0] ? Buffer.from(rows[0].tokenHash).toString('hex') : null;
    },
    async find(tokenHash: Buffer): Promise<SessionRow | null> {
      const result = await db.execute<SessionRecord>(
        // One indexed lookup: the session with its user's staff role.
        sql`SELECT s.user_id, s.project_id, s.expires_at, s.revoked_at, u.staff_role
            FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.token_hash = ${tokenHash}`,
      );
      return result.rows[0] ? toSessionRow(result.rows[0]) : null;
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
