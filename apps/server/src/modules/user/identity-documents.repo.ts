import type { IdentityReviewStatus } from '@payhub/contracts';
import { sql } from 'drizzle-orm';
import type { Db, Executor } from '../../platform/db/database.ts';

export interface IdentityDocumentRow {
  id: number;
  userId: number;
  projectId: number;
  status: IdentityReviewStatus;
  reason: string | null;
  submittedAt: Date;
  decidedAt: Date | null;
  decidedBy: number | null;
}

export interface IdentityImagesRow {
  documentMime: string;
  document: Buffer;
  selfieMime: string;
  selfie: Buffer;
}

const COLUMNS = sql`id, user_id, project_id, status, reason, submitted_at, decided_at, decided_by`;

function toRow(row: Record<string, unknown>): IdentityDocumentRow {
  return {
    id: Number(row.id),
    userId: Number(row.user_id),
    projectId: Number(row.project_id),
    status: row.status as IdentityReviewStatus,
    reason: (row.reason as string | null) ?? null,
    submittedAt: new Date(row.submitted_at as string),
    decidedAt: row.decided_at ? new Date(row.decided_at as string) : null,
    decidedBy: row.decided_by === null ? null : Number(row.decided_by),
  };
}

/** Tier-2 submissions (migration 0720): images stay in the database, read only by id after a check. */
export function createIdentityDocumentsRepo(db: Db) {
  return {
    db,
    transaction<T>(action: (tx: Executor) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => action(tx));
    },
    /** The player's latest submission. */
    async latest(userId: number, executor: Executor = db): Promise<IdentityDocumentRow | null> {
      const result = await executor.execute<Record<string, unknown>>(
        sql`SELECT ${COLUMNS} FROM identity_documents WHERE user_id = ${userId} ORDER BY id DESC LIMIT 1`,
      );
      return result.rows[0] ? toRow(result.rows[0]) : null;
    },
    /** Every submission of the player in one project, newest first (the console's player page). */
    async ofUser(userId: number, projectId: number): Promise<IdentityDocumentRow[]> {
      const result = await db.execute<Record<string, unknown>>(
        sql`SELECT ${COLUMNS} FROM identity_documents WHERE user_id = ${userId} AND project_id = ${projectId}
            ORDER BY id DESC LIMIT 50`,
      );
      return result.rows.map(toRow);
    },
    /** Inserts a pending submission; null when one is pending or approved already (the partial unique index). */
    async insert(
      executor: Executor,
      row: { userId: number; projectId: number; images: IdentityImagesRow; at: Date },
    ): Promise<IdentityDocumentRow | null> {
      const result = await executor.execute<Record<string, unknown>>(sql`
        INSERT INTO identity_documents (user_id, project_id, document_mime, document, selfie_mime, selfie, submitted_at)
        VALUES (${row.userId}, ${row.projectId}, ${row.images.documentMime}, ${row.images.document},
                ${row.images.selfieMime}, ${row.images.selfie}, ${row.at})
        ON CONFLICT (user_id) WHERE status IN ('pending', 'approved') DO NOTHING
        RETURNING ${COLUMNS}`);
      return result.rows[0] ? toRow(result.rows[0]) : null;
    },
    async byId(executor: Executor, id: number, lock = false): Promise<IdentityDocumentRow | null> {
      const result = await executor.execute<Record<string, unknown>>(
        lock
          ? sql`SELECT ${COLUMNS} FROM identity_documents WHERE id = ${id} FOR UPDATE`
          : sql`SELECT ${COLUMNS} FROM identity_documents WHERE id = ${id}`,
      );
      return result.rows[0] ? toRow(result.rows[0]) : null;
    },
    async images(id: number): Promise<IdentityImagesRow | null> {
      const result = await db.execute<Record<string, unknown>>(
        sql`SELECT document_mime, document, selfie_mime, selfie FROM identity_documents WHERE id = ${id}`,
      );
      const row = result.rows[0];
      return row
        ? {
            documentMime: row.document_mime as string,
            document: row.document as Buffer,
            selfieMime: row.selfie_mime as string,
            selfie: row.selfie as Buffer,
          }
        : null;
    },
    /** A project's submissions of one status: pending oldest first (a queue), decided newest first. */
    async list(query: {
      projectId: number;
      status: IdentityReviewStatus;
      cursor?: number | undefined;
      limit: number;
    }): Promise<IdentityDocumentRow[]> {
      const pending = query.status === 'pending';
      const after =
        query.cursor === undefined
          ? sql``
          : pending
            ? sql`AND id > ${query.cursor}`
            : sql`AND id < ${query.cursor}`;
      const result = await db.execute<Record<string, unknown>>(sql`
        SELECT ${COLUMNS} FROM identity_documents
         WHERE project_id = ${query.projectId} AND status = ${query.status} ${after}
         ORDER BY id ${pending ? sql`ASC` : sql`DESC`} LIMIT ${query.limit}`);
      return result.rows.map(toRow);
    },
    async decide(
      executor: Executor,
      id: number,
      decision: { status: 'approved' | 'rejected'; reason: string | null; by: number; at: Date },
    ): Promise<IdentityDocumentRow> {
      const result = await executor.execute<Record<string, unknown>>(sql`
        UPDATE identity_documents
           SET status = ${decision.status}, reason = ${decision.reason}, decided_by = ${decision.by}, decided_at = ${decision.at}
         WHERE id = ${id} AND status = 'pending' RETURNING ${COLUMNS}`);
      return toRow(result.rows[0]!);
    },
  };
}
export type IdentityDocumentsRepo = ReturnType<typeof createIdentityDocumentsRepo>;
