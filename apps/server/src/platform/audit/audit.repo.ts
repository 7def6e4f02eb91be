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
