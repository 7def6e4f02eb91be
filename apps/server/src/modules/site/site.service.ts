import { randomBytes } from 'node:crypto';
import { defaultRails, type ProjectConfig, ProjectRails, UPLOAD_MAX_BYTES } from '@payhub/contracts';
import { AppError, badParameter, notFound } from '../../platform/errors.ts';
import type { ProjectResolver } from '../../platform/http/request-context.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import type { ProjectRow, SiteRepo } from './site.repo.ts';

export const DEFAULT_PROJECT_ID = 12;

/** The stored rails of a project, or its jurisdiction's defaults when none (or unreadable ones) are stored. */
function railsOf(row: ProjectRow): ProjectRails {
  const stored = ProjectRails.safeParse(row.rails);
  return stored.success ? stored.data : defaultRails(row.jurisdiction);
}

function toProjectConfig(row: ProjectRow): ProjectConfig {
  return {
    projectId: row.id,
    name: row.name,
    logo: row.logo,
    locale: row.locale as ProjectConfig['locale'],
    currency: row.currency as ProjectConfig['currency'],
    timeZone: row.timeZone,
    countryCode: row.countryCode,
    currencySymbol: row.currencySymbol,
    currencyDigits: 2,
    jurisdiction: row.jurisdiction,
    licence: row.licence,
    playMoney: row.licence === null,
    rails: railsOf(row),
  };
}

/** Detects the image type from the file's first bytes; the client's declared type is not trusted. */
export function sniffImage(bytes: Buffer): { mime: string; extension: string } | null {
  if (
    bytes.length >= 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  ) {
    return { mime: 'image/png', extension: 'png' };
  }
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return { mime: 'image/jpeg', extension: 'jpg' };
  }
  if (
    bytes.length >= 12 &&
    bytes.toString('latin1', 0, 4) === 'RIFF' &&
    bytes.toString('latin1', 8, 12) === 'WEBP'
  ) {
    return { mime: 'image/webp', extension: 'webp' };
  }
  return null;
}

export interface SiteServiceOptions {
  csChatUrl: string;
}

export async function createSiteService(repo: SiteRepo, storage: FileStorage, options: SiteServiceOptions) {
  // Projects change only by migration or seed; they are read once and kept in memory.
  let projects = new Map<number, ProjectConfig>();
  async function reload() {
    projects = new Map((await repo.listProjects()).map((row) => [row.id, toProjectConfig(row)]));
  }
  await reload();

  const resolver: ProjectResolver = {
    async resolve(requested) {
      if (requested === undefined || requested === '') {
        const fallback = projects.get(DEFAULT_PROJECT_ID);
        if (!fallback) throw new AppError(12062, 'no default project');
        return fallback;
      }
      const id = /^\d{1,6}$/.test(requested) ? Number(requested) : Number.NaN;
      const project = projects.get(id);
      if (!project) throw new AppError(12062, 'unknown projectId');
      return project;
    },
  };

  /** Settings computed from the project itself rather than stored as rows. */
  function computed(project: ProjectConfig, key: string): unknown | undefined {
    switch (key) {
      case 'project':
        return project;
      case 'projects':
        return [...projects.values()].map(
          ({ projectId, name, logo, locale, currency, currencySymbol, countryCode }) => ({
            projectId,
            name,
            logo,
            locale,
            currency,
            currencySymbol,
            countryCode,
          }),
        );
      case 'customerService':
        return { chatUrl: options.csChatUrl };
      default:
        return undefined;
    }
  }

  async function configItems(project: ProjectConfig, keys: string[]) {
    const items: Array<{ key: string; value: unknown }> = [];
    const stored: string[] = [];
    for (const key of keys) {
      const value = computed(project, key);
      if (value === undefined) stored.push(key);
      else items.push({ key, value });
    }
    items.push(...(await repo.publicConfig(project.projectId, stored)));
    return items;
  }

  return {
    resolver,
    reload,
    projectById: (id: number) => projects.get(id),
    allProjects: () => [...projects.values()],
    async config(project: ProjectConfig, key: string) {
      const [item] = await configItems(project, [key]);
      if (!item) throw notFound(`config ${key}`);
      return item;
    },
    async listConfig(project: ProjectConfig, keys: string[]) {
      return { items: await configItems(project, [...new Set(keys)]) };
    },
    async upload(projectId: number, userId: number, bytes: Buffer) {
      if (bytes.length === 0) throw badParameter('file: empty');
      if (bytes.length > UPLOAD_MAX_BYTES) throw badParameter('file: larger than 2 MiB');
      const kind = sniffImage(bytes);
      if (!kind) throw badParameter('file: only png, jpeg or webp images');
      const name = `${randomBytes(16).toString('base64url')}.${kind.extension}`;
      await storage.put(name, bytes);
      await repo.recordUpload({ projectId, userId, name, mime: kind.mime, size: bytes.length });
      return { url: `/uploads/${name}`, mime: kind.mime, size: bytes.length };
    },
    readUpload: (name: string) => storage.get(name),
    /** Whether an `/uploads/...` url names a file this user uploaded in this project. */
    async isOwnUpload(url: string, userId: number, projectId: number): Promise<boolean> {
      const name = /^\/uploads\/([A-Za-z0-9_-]{8,64}\.(?:png|jpg|webp))$/.exec(url)?.[1];
      return name !== undefined && (await repo.isUploadOf(name, userId, projectId));
    },
  };
}
export type SiteService = Awaited<ReturnType<typeof createSiteService>>;
