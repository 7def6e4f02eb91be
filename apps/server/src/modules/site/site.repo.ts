import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { projects, siteConfig, uploads } from './site.schema.ts';

export type ProjectRow = typeof projects.$inferSelect;

export function createSiteRepo(db: Db) {
  return {
    listProjects: (): Promise<ProjectRow[]> => db.select().from(projects).orderBy(projects.id),
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
