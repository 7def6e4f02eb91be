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
