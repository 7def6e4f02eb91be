import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { SPA_TYPES } from './enums.ts';
import { ErrorCode } from './errors.ts';
import { Id, intInput } from './validation.ts';

/** Longest notice HTML accepted, before sanitising. */
export const NOTICE_CONTENT_MAX_CHARS = 20_000;
/** The acknowledge countdown is showDuration + 1 s (spec §4, §9); showDuration is bounded. */
export const NOTICE_SHOW_DURATION_MAX_SECONDS = 600;

/** A site notice as broadcast and listed (spec §3): content is sanitised HTML, showAt epoch ms. */
export const SiteNotice = z.object({
  noticeId: z.number().int().positive(),
  showAt: z.number().int(),
  content: z.string(),
  showDuration: z.number().int().min(0),
});
export type SiteNotice = z.infer<typeof SiteNotice>;

/** The mark request on the socket (route /api/main/ws/promo/spa/notice/mark). */
export const NoticeMarkBody = z.object({ noticeId: Id, showAt: intInput(0, Number.MAX_SAFE_INTEGER) });
export type NoticeMarkBody = z.input<typeof NoticeMarkBody>;

/** Notice audience types sent by the shell: the spaType, plus `banker` when spaPay is yes. */
export const NoticeAudienceType = z.enum(['banker', ...SPA_TYPES]);
export type NoticeAudienceType = z.infer<typeof NoticeAudienceType>;
/** Every audience type, in display order (for the console's audience picker). */
export const NOTICE_AUDIENCE_TYPES = NoticeAudienceType.options;

export const notices = {
  create: endpoint({
    method: 'POST',
    path: '/main/admin/notices',
    access: 'secure',
    summary:
      'Create a site notice (admin only); stored and broadcast on the notice stream to the agents of its audience (absent or empty = everyone)',
    body: z
      .object({
        content: z.string().trim().min(1).max(NOTICE_CONTENT_MAX_CHARS),
        showDuration: intInput(0, NOTICE_SHOW_DURATION_MAX_SECONDS),
        /** Who sees the notice: agents with any of these types; absent or empty = everyone. */
        audience: z.array(NoticeAudienceType).max(10).optional(),
      })
      .strict(),
    response: SiteNotice,
    errors: [ErrorCode.NoPermission],
  }),
  init: endpoint({
    method: 'POST',
    path: '/main/promo/spa/notice/init',
    access: 'secure',
    summary:
      "Sent 3 s after the socket starts: the current notices the caller has not marked read whose audience is empty or includes one of the caller's types (derived on the server from the caller's promo profile)",
    body: z.object({ types: z.array(NoticeAudienceType).max(10) }).strict(),
    response: z.object({ notices: z.array(SiteNotice) }),
  }),
};

/** A user's audience types as the shell computes them: their spaType, plus `banker` when spaPay is yes. */
export function noticeAudienceTypes(
  profile: { spaType: string | null; spaPay: boolean } | null,
): NoticeAudienceType[] {
  if (!profile) return [];
  const types: NoticeAudienceType[] = [];
  const spaType = NoticeAudienceType.safeParse(profile.spaType);
  if (spaType.success) types.push(spaType.data);
  if (profile.spaPay) types.push('banker');
  return types;
}
