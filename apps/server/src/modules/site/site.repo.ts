import { and, eq, inArray } from 'drizzle-orm';
import { type AuditEntry, writeAudit } from '../../platform/audit/audit.repo.ts';
import type { Db } from '../../platform/db/database.ts';
import { projects, siteConfig, uploads } from './site.schema.ts';

export type ProjectRow = typeof projects.$inferSelect;

export function createSiteRepo(db: Db) {
  return {
    listProjects: (): Promise<ProjectRow[]> => db.select().from(projects).orderBy(projects.id),
    /** One stored setting's value (public or not), or undefined. */
    configValue: async (projectId: number, key: string): Promise<unknown> =>
      (
        await db
          .select({ value: siteConfig.value })
          .from(siteConfig)
          .where(and(eq(siteConfig.projectId, projectId), eq(siteConfig.key, key)))
      )[0]?.value,
    /** Writes a public setting and its audit line in one transaction. */
    setPublicConfig: async (
      projectId: number,
      key: string,
      value: unknown,
      audit: AuditEntry,
    ): Promise<void> => {
      await db.transaction(async (tx) => {
        await tx
          .insert(siteConfig)
          .values({ projectId, key, value, public: true, updatedAt: new Date() })
          .onConflictDoUpdate({
            target: [siteConfig.projectId, siteConfig.key],
            set: { value, public: true, updatedAt: new Date() },
          });
        await writeAudit(tx, audit);
      });
    },
    publicConfig: async (projectId: number, keys: string[]) =>
      keys.length === 0
        ? []
        : db
            .select({ key: siteConfig.key, value: siteConfig.value })
            .from(siteConfig)
            .where(
              and(
                eq(siteConfig.projectId, projectId),
                eq(siteConfig.public, true),
                inArray(siteConfig.key, keys),
              ),
            ),
    /** Whether `name` is a file this user uploaded in this project. */
    isUploadOf: async (name: string, userId: number, projectId: number): Promise<boolean> =>
      (
        await db
          .select({ id: uploads.id })
          .from(uploads)
          .where(and(eq(uploads.name, name), eq(uploads.userId, userId), eq(uploads.projectId, projectId)))
          .limit(1)
      ).length === 1,
    recordUpload: async (row: {
      projectId: number;
      userId: number;
      name: string;
      mime: string;
      size: number;
    }) => {
      await db.insert(uploads).values(row);
    },
  };
}
export type SiteRepo = ReturnType<typeof createSiteRepo>;
