import type { Locale } from '@payhub/contracts';
import { sql } from 'drizzle-orm';
import type { Db, Executor } from '../../platform/db/database.ts';

export interface GuideRow {
  projectId: number;
  locale: Locale;
  steps: string[];
  updatedBy: number;
  updatedAt: Date;
}

function toGuide(row: Record<string, unknown>): GuideRow {
  return {
    projectId: Number(row.project_id),
    locale: row.locale as Locale,
    steps: row.steps as string[],
    updatedBy: Number(row.updated_by),
    updatedAt: new Date(row.updated_at as string),
  };
}

/** The guide module's table: guide_texts (0771). */
export function createGuideRepo(db: Db) {
  return {
    db: db as Executor,
    transaction<T>(action: (tx: Executor) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => action(tx));
    },
    async byProject(executor: Executor, projectId: number): Promise<GuideRow[]> {
      const result = await executor.execute(sql`
        SELECT * FROM guide_texts WHERE project_id = ${projectId} ORDER BY locale`);
      return result.rows.map(toGuide);
    },
    async one(executor: Executor, projectId: number, locale: Locale, lock = false): Promise<GuideRow | null> {
      const result = await executor.execute(sql`
        SELECT * FROM guide_texts WHERE project_id = ${projectId} AND locale = ${locale}
        ${lock ? sql`FOR UPDATE` : sql``}`);
      return result.rows[0] ? toGuide(result.rows[0]) : null;
    },
    async save(
      executor: Executor,
      row: { projectId: number; locale: Locale; steps: string[]; updatedBy: number; at: Date },
    ): Promise<GuideRow> {
      const result = await executor.execute(sql`
        INSERT INTO guide_texts (project_id, locale, steps, updated_by, updated_at)
        VALUES (${row.projectId}, ${row.locale}, ${JSON.stringify(row.steps)}::jsonb, ${row.updatedBy}, ${row.at})
        ON CONFLICT (project_id, locale) DO UPDATE
          SET steps = EXCLUDED.steps, updated_by = EXCLUDED.updated_by, updated_at = EXCLUDED.updated_at
        RETURNING *`);
      return toGuide(result.rows[0]!);
    },
    async clear(executor: Executor, projectId: number, locale: Locale): Promise<void> {
      await executor.execute(
        sql`DELETE FROM guide_texts WHERE project_id = ${projectId} AND locale = ${locale}`,
      );
    },
  };
}
export type GuideRepo = ReturnType<typeof createGuideRepo>;
