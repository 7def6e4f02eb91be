import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { LOCALES } from './locale.ts';
import { LocalCurrencySchema } from './money.ts';
import { ProjectRails } from './rails.ts';

/** Project config (spec §3) plus the licence settings of DESIGN.md §8. */
export const ProjectConfig = z.object({
  projectId: z.number().int(),
  name: z.string(),
  logo: z.string(),
  locale: z.enum(LOCALES),
  currency: LocalCurrencySchema,
  timeZone: z.string(),
  countryCode: z.string(),
  currencySymbol: z.string(),
  /** Money is shown with this many fraction digits in the payment client. */
  currencyDigits: z.literal(2),
  jurisdiction: z.string(),
  /** Licence number; `null` means the project runs in play-money mode. */
  licence: z.string().nullable(),
  playMoney: z.boolean(),
  /** Banks, deposit ports, top-up methods and the recharge account of this project (rails.ts). */
  rails: ProjectRails,
});
export type ProjectConfig = z.infer<typeof ProjectConfig>;

export const ConfigKey = z.string().regex(/^[A-Za-z][A-Za-z0-9_.-]{0,63}$/, 'unknown config key');
export const SiteConfigItem = z.object({ key: z.string(), value: z.unknown() });

export const Upload = z.object({ url: z.string(), mime: z.string(), size: z.number().int() });

// The upload limits live in patterns.ts (no zod) so the apps can check a file before sending it.
export { UPLOAD_MAX_BYTES, UPLOAD_MIME_TYPES } from './patterns.ts';

/** The public site setting that puts the player app behind a full-screen notice (issue 13). */
export const MAINTENANCE_CONFIG_KEY = 'maintenance';
/** While `enabled`, money calls answer 762 (ServiceMaintenance) and move nothing. */
export const Maintenance = z.object({
  enabled: z.boolean(),
  /** Shown on the notice under the translated title; null shows the standard text. */
  message: z.string().trim().min(1).max(500).nullable(),
});
export type Maintenance = z.infer<typeof Maintenance>;

export const site = {
  config: endpoint({
    method: 'GET',
    path: '/main/site/config/:key',
    access: 'public',
    summary:
      'One public site setting of the current project (`project` gives the project config, `projects` every project)',
    params: z.object({ key: ConfigKey }),
    response: SiteConfigItem,
    errors: [404, 12062],
  }),
  listConfig: endpoint({
    method: 'POST',
    path: '/main/site/list/config',
    access: 'public',
    summary: 'Several public site settings at once; unknown keys are left out',
    body: z.object({ keys: z.array(ConfigKey).min(1).max(50) }).strict(),
    response: z.object({ items: z.array(SiteConfigItem) }),
  }),
  upload: endpoint({
    method: 'POST',
    path: '/main/site/upload',
    access: 'secure',
    bodyKind: 'multipart',
    summary: 'Upload one image (png, jpeg or webp, at most 2 MiB); answers its URL',
    response: Upload,
  }),
  setMaintenance: endpoint({
    method: 'PUT',
    path: '/main/site/admin/maintenance',
    access: 'secure',
    summary:
      "Admin: switch the project's maintenance notice on or off (public setting `maintenance`); while on, money calls answer 762",
    body: Maintenance.strict(),
    response: Maintenance,
    errors: [1031],
  }),
};
