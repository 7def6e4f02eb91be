import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';

/** One line of the append-only audit log (DESIGN.md §8); the table refuses UPDATE and DELETE. */
export interface AuditEntry {
  projectId: number | null;
  actorId: number | null;
  action: string;
  objectType: string;
  objectId: string | null;
  before?: unknown;
  after?: unknown;
  ip?: string | null;
}

/** Writes an audit line; pass the transaction so the line commits or rolls back with the change. */
export async function writeAudit(db: Pick<Db, 'execute'>, entry: AuditEntry): Promise<void> {
  await db.execute(sql`
    INSERT INTO audit_log (project_id, actor_id, action, object_type, object_id, before, after, ip)
    VALUES (${entry.projectId}, ${entry.actorId}, ${entry.action}, ${entry.objectType}, ${entry.objectId},
            ${entry.before === undefined ? null : JSON.stringify(entry.before)}::jsonb,
            ${entry.after === undefined ? null : JSON.stringify(entry.after)}::jsonb, ${entry.ip ?? null})`);
}

/** Audit lines of one project, newest first, keyset on id (the console's read-only view). */
export async function listAudit(
  db: Pick<Db, 'execute'>,
  query: {
    projectId: number;
    action?: string | undefined;
    objectType?: string | undefined;
    objectId?: string | undefined;
    actorId?: number | undefined;
    before?: bigint | undefined;
    limit: number;
  },
) {
  const result = await db.execute<{
    id: string;
    at: string;
    actor_id: string | null;
    action: string;
    object_type: string;
    object_id: string | null;
    before: unknown;
    after: unknown;
    ip: string | null;
  }>(sql`
    SELECT id, at, actor_id, action, object_type, object_id, before, after, ip FROM audit_log
     WHERE project_id = ${query.projectId}
       ${query.action ? sql`AND action = ${query.action}` : sql``}
       ${query.objectType ? sql`AND object_type = ${query.objectType}` : sql``}
       ${query.objectId ? sql`AND object_id = ${query.objectId}` : sql``}
       ${query.actorId ? sql`AND actor_id = ${query.actorId}` : sql``}
       ${query.before ? sql`AND id < ${query.before}` : sql``}
     ORDER BY id DESC LIMIT ${query.limit}`);
  return result.rows.map((row) => ({
    id: String(row.id),
    at: new Date(row.at).toISOString(),
    actorId: row.actor_id === null ? null : Number(row.actor_id),
    action: row.action,
    objectType: row.object_type,
    objectId: row.object_id,
    before: row.before,
    after: row.after,
    ip: row.ip,
  }));
}
