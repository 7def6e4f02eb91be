import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { LeaderLevel, SPA_PAY_VALUES, SPA_TYPES, TIERS } from './enums.ts';
import { Count, Id, intInput, Page } from './validation.ts';

/** spaInfo (spec §3): role (leader = 1), spaType, spaPay. */
export const SpaInfo = z.object({
  role: z.union([
    z.literal(LeaderLevel.Normal),
    z.literal(LeaderLevel.Member),
    z.literal(LeaderLevel.Leader),
  ]),
  spaType: z.enum(SPA_TYPES as [string, ...string[]]).nullable(),
  spaPay: z.enum(SPA_PAY_VALUES),
  tier: z.enum(TIERS),
});
export type SpaInfo = z.infer<typeof SpaInfo>;

/** Application (spaApply) states; the spec leaves them open, docs/promo.md has the diagram. */
export const SpaApplyStatus = {
  Applied: 0,
  Reviewing: 1,
  Approved: 2,
  Rejected: 3,
  Cancelled: 4,
  Removed: 5,
} as const;
export type SpaApplyStatus = (typeof SpaApplyStatus)[keyof typeof SpaApplyStatus];
export const SPA_APPLY_STATUS_NAMES = [
  'applied',
  'reviewing',
  'approved',
  'rejected',
  'cancelled',
  'removed',
] as const;

/** Lead task states: assigned to a promoter, contacted, revisit planned, completed, closed. */
export const LeadTaskStatus = { Assigned: 0, Contacted: 1, Revisit: 2, Completed: 3, Closed: 4 } as const;
export type LeadTaskStatus = (typeof LeadTaskStatus)[keyof typeof LeadTaskStatus];

/** Report check states: 0 pending (spec §3), 1 accepted, 2 returned for revision. */
export const ReportCheckStatus = { Pending: 0, Accepted: 1, Returned: 2 } as const;
export type ReportCheckStatus = (typeof ReportCheckStatus)[keyof typeof ReportCheckStatus];

export const CONTACT_RESULTS = [
  'answered',
  'noAnswer',
  'interested',
  'refused',
  'wrongNumber',
  'doNotContact',
] as const;
export type ContactResult = (typeof CONTACT_RESULTS)[number];

/** The user types a promoter may apply as (CS, HR and Banker are staff, assigned, not applied for). */
export const APPLY_SPA_TYPES = ['New', 'Recall', 'NewSpy', 'RecallSpy', 'Training'] as const;

/** Unix seconds on the wire for every promo timestamp. */
const UnixSeconds = z.number().int();
const UnixSecondsInput = intInput(0, 4_102_444_800);
const Paging = { page: Page, count: Count };
const IdParams = z.object({ id: Id });
const Ok = z.object({ ok: z.literal(true) });
const listOf = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), total: z.number().int() });

export const SpaApplication = z.object({
  id: z.number().int(),
  groupId: z.number().int(),
  groupName: z.string(),
  userId: z.number().int(),
  nickname: z.string(),
  /** Masked (spec §9) for everyone but the applicant. */
  phone: z.string(),
  spaType: z.enum(APPLY_SPA_TYPES),
  note: z.string(),
  status: z.number().int().min(0).max(5),
  statusName: z.enum(SPA_APPLY_STATUS_NAMES),
  reviewNote: z.string().nullable(),
  reviewerId: z.number().int().nullable(),
  createdAt: UnixSeconds,
  decidedAt: UnixSeconds.nullable(),
});
export type SpaApplication = z.infer<typeof SpaApplication>;

export const SpaMember = z.object({
  userId: z.number().int(),
  nickname: z.string(),
  phone: z.string(),
  leaderLevel: z.number().int(),
  spaType: z.string().nullable(),
  joinedAt: UnixSeconds,
  lastSeenAt: UnixSeconds.nullable(),
  foreground: z.boolean(),
});

export const SpaGroup = z.object({
  id: z.number().int(),
  name: z.string(),
  leaderId: z.number().int(),
  leaderNickname: z.string(),
  memberCount: z.number().int(),
  createdAt: UnixSeconds,
});

export const LeadRow = z.object({
  taskId: z.number().int(),
  leadId: z.number().int(),
  /** Full number only for the promoter the lead is assigned to; masked (spec §9) otherwise. */
  phone: z.string(),
  masked: z.boolean(),
  promoterId: z.number().int(),
  status: z.number().int().min(0).max(4),
  consent: z.boolean(),
  doNotContact: z.boolean(),
  lastResult: z.enum(CONTACT_RESULTS).nullable(),
  revisitAt: UnixSeconds.nullable(),
  assignedAt: UnixSeconds,
});
export type LeadRow = z.infer<typeof LeadRow>;

export const ReportCheck = z.object({
  id: z.number().int(),
  reportId: z.number().int(),
  kind: z.enum(['review', 'revise']),
  status: z.number().int().min(0).max(2),
  reporterId: z.number().int(),
  reporterNickname: z.string(),
  reportDate: z.string(),
  note: z.string().nullable(),
  createdAt: UnixSeconds,
});

export const Report = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  groupId: z.number().int(),
  reportDate: z.string(),
  content: z.string(),
  contactedCount: z.number().int(),
  interestedCount: z.number().int(),
  /** The same day's figures as recorded by the system (contacts), beside the typed ones. */
  recordedContactCount: z.number().int(),
  extras: z.array(z.object({ content: z.string(), createdAt: UnixSeconds })),
  checkStatus: z.number().int().min(0).max(2),
  createdAt: UnixSeconds,
});

export const NotificationItem = z.object({
  id: z.number().int(),
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  createdAt: UnixSeconds,
});

export const promo = {
  spaInfo: endpoint({
    method: 'GET',
    path: '/main/promo/spaInfo',
    access: 'secure',
    summary: 'The caller’s promo identity: leader role, spaType, spaPay and tier',
    response: SpaInfo,
  }),
  spaLogin: endpoint({
    method: 'POST',
    path: '/main/promo/spaLogin',
    access: 'secure',
    summary: 'Register the app session with the promo service (device, version, fingerprint)',
    body: z
      .object({
        device: z.string().min(1).max(200),
        version: z.string().min(1).max(40),
        fingerprint: z.string().min(1).max(128),
        clientVersion: z.string().min(1).max(40),
      })
      .strict(),
    response: z.object({ ok: z.literal(true) }),
  }),
  spaMembers: endpoint({
    method: 'GET',
    path: '/main/promo/spaMembers',
    access: 'secure',
    summary: 'Members of a group (the caller’s by default; HR may name any group of the project)',
    query: z.object({ groupId: Id.optional(), ...Paging }),
    response: listOf(SpaMember),
    errors: [404, 1031, 7001],
  }),
  spaGroupInfo: endpoint({
    method: 'GET',
    path: '/main/promo/spaGroupInfo',
    access: 'secure',
    summary: 'The caller’s group (null outside one) or the named group, and every group of the project',
    query: z.object({ groupId: Id.optional() }),
    response: z.object({ group: SpaGroup.nullable(), groups: z.array(SpaGroup) }),
    errors: [404],
  }),
  spaGroupMissionStatistic: endpoint({
    method: 'GET',
    path: '/main/promo/spaGroupMissionStatistic',
    access: 'secure',
    summary: 'Today’s mission figures of the caller’s group (local day of the project)',
    response: z.object({
      groupId: z.number().int(),
      date: z.string(),
      memberCount: z.number().int(),
      openTaskCount: z.number().int(),
      contactedToday: z.number().int(),
      completedToday: z.number().int(),
      applyCount: z.number().int(),
      depositFirstCount: z.number().int(),
    }),
    errors: [404],
  }),
  spaApply: endpoint({
    method: 'POST',
    path: '/main/promo/spaApply',
    access: 'secure',
    summary: 'Apply to join a group as a promoter',
    body: z
      .object({
        groupId: Id,
        spaType: z.enum(APPLY_SPA_TYPES).default('New'),
        note: z.string().trim().max(200).default(''),
      })
      .strict(),
    response: SpaApplication,
    errors: [404, 746, 7001],
  }),
  spaApplyList: endpoint({
    method: 'GET',
    path: '/main/promo/spaApplyList',
    access: 'secure',
    summary: 'The caller’s own applications, newest first',
    query: z.object(Paging),
    response: listOf(SpaApplication),
  }),
  spaDetail: endpoint({
    method: 'GET',
    path: '/main/promo/spaDetail/:id',
    access: 'secure',
    summary: 'One of the caller’s applications',
    params: IdParams,
    response: SpaApplication,
    errors: [404],
  }),
  spaCancel: endpoint({
    method: 'POST',
    path: '/main/promo/spaCancel/:id',
    access: 'secure',
    summary: 'Withdraw one of the caller’s applications while it is applied or under review',
    params: IdParams,
    response: SpaApplication,
    errors: [404, 3007],
  }),
  spaPhoneList: endpoint({
    method: 'GET',
    path: '/main/promo/spaPhoneList',
    access: 'secure',
    summary: 'Leads: a promoter’s own (full numbers), a leader’s group or HR’s project (masked)',
    query: z.object({ status: intInput(0, 4).optional(), ...Paging }),
    response: listOf(LeadRow),
    errors: [7001],
  }),
  spaShare: endpoint({
    method: 'POST',
    path: '/main/promo/spaShare/:id',
    access: 'secure',
    summary: 'Share the caller’s registration link with an assigned lead (id = task id)',
    params: IdParams,
    body: z.object({ channel: z.enum(['whatsapp', 'sms', 'copy']) }).strict(),
    response: z.object({ shareCode: z.string(), link: z.string(), phone: z.string() }),
    errors: [404, 7001],
  }),
  spaCurrentTask: endpoint({
    method: 'GET',
    path: '/main/promo/spaCurrentTask',
    access: 'secure',
    summary: 'The promoter’s current task; hands out fresh consenting leads up to the daily quota',
    response: z.object({
      date: z.string(),
      quota: z.number().int(),
      assigned: z.number().int(),
      contacted: z.number().int(),
      completed: z.number().int(),
      shareCode: z.string(),
      leads: z.array(LeadRow),
    }),
    errors: [7001],
  }),
  spaNameUpdate: endpoint({
    method: 'GET',
    path: '/main/promo/spaNameUpdate',
    access: 'secure',
    summary: 'Rename the caller’s group (leader only)',
    query: z.object({ name: z.string().trim().min(1).max(40) }),
    response: SpaGroup,
    errors: [7001],
  }),
  spaReport: endpoint({
    method: 'POST',
    path: '/main/promo/spaReport',
    access: 'secure',
    summary: 'File the day’s report; the group leader gets a pending report check',
    body: z
      .object({
        content: z.string().trim().min(1).max(2000),
        contactedCount: z.number().int().min(0).max(10_000),
        interestedCount: z.number().int().min(0).max(10_000),
      })
      .strict(),
    response: Report,
    errors: [746, 7001],
  }),
  spaReportExtra: endpoint({
    method: 'POST',
    path: '/main/promo/spaReportExtra',
    access: 'secure',
    summary: 'Add to one of the caller’s reports (answers a returned check)',
    body: z.object({ reportId: Id, content: z.string().trim().min(1).max(2000) }).strict(),
    response: Report,
    errors: [404],
  }),
  spaReportLog: endpoint({
    method: 'GET',
    path: '/main/promo/spaReportLog',
    access: 'secure',
    summary: 'Reports: the caller’s own, or a member’s for the leader and HR (userId)',
    query: z.object({ userId: Id.optional(), ...Paging }),
    response: listOf(Report),
    errors: [404, 1031, 7001],
  }),
  spaReportCheck: endpoint({
    method: 'GET',
    path: '/main/promo/spaReportCheck',
    access: 'secure',
    summary: 'Report checks addressed to the caller (status 0 = pending drives the pem banner)',
    response: z.object({ items: z.array(ReportCheck), pending: z.number().int() }),
  }),
  spaReportCheckDecide: endpoint({
    method: 'PUT',
    path: '/main/promo/spaReportCheck/:id',
    access: 'secure',
    summary: 'Settle a pending check: accept or return a member’s report, or acknowledge a return',
    params: IdParams,
    body: z
      .object({ status: z.union([z.literal(1), z.literal(2)]), note: z.string().trim().max(500).optional() })
      .strict(),
    response: ReportCheck,
    errors: [404, 3007, 7001],
  }),
  spaContact: endpoint({
    method: 'POST',
    path: '/main/promo/spaContact',
    access: 'secure',
    summary: 'Record a contact with an assigned lead; doNotContact is final',
    body: z
      .object({
        taskId: Id,
        result: z.enum(CONTACT_RESULTS),
        note: z.string().trim().max(500).default(''),
        revisitAt: UnixSecondsInput.optional(),
      })
      .strict(),
    response: LeadRow,
    errors: [404, 3007],
  }),
  spaRevisitList: endpoint({
    method: 'GET',
    path: '/main/promo/spaRevisit',
    access: 'secure',
    summary: 'The caller’s leads with a planned revisit, soonest first',
    query: z.object(Paging),
    response: listOf(LeadRow),
  }),
  spaRevisit: endpoint({
    method: 'POST',
    path: '/main/promo/spaRevisit/:id',
    access: 'secure',
    summary: 'Record the revisit of a lead (id = task id)',
    params: IdParams,
    body: z
      .object({
        result: z.enum(CONTACT_RESULTS),
        note: z.string().trim().max(500).default(''),
        revisitAt: UnixSecondsInput.optional(),
      })
      .strict(),
    response: LeadRow,
    errors: [404, 3007],
  }),
  spaStatusList: endpoint({
    method: 'GET',
    path: '/main/promo/spaStatus',
    access: 'public',
    summary: 'The promo status catalogue: application, lead task and report check states',
    response: z.object({
      apply: z.array(z.object({ value: z.number().int(), name: z.string() })),
      task: z.array(z.object({ value: z.number().int(), name: z.string() })),
      check: z.array(z.object({ value: z.number().int(), name: z.string() })),
      contactResults: z.array(z.string()),
    }),
  }),
  spaStatusPing: endpoint({
    method: 'POST',
    path: '/main/promo/spaStatus',
    access: 'secure',
    summary: 'Presence ping (every 60 s inside the native app when spaPay is yes)',
    body: z.object({ foreground: z.union([z.literal(0), z.literal(1)]) }).strict(),
    response: Ok,
  }),
  spaReviewList: endpoint({
    method: 'GET',
    path: '/main/promo/spa/review',
    access: 'secure',
    summary: 'Applications to review: the leader’s group, or every group of the project for HR',
    query: z.object({ status: intInput(0, 5).optional(), ...Paging }),
    response: listOf(SpaApplication),
    errors: [7001],
  }),
  spaReviewDecide: endpoint({
    method: 'POST',
    path: '/main/promo/spa/review/:id',
    access: 'secure',
    summary: 'Approve or reject an application, or remove an approved member',
    params: IdParams,
    body: z
      .object({
        decision: z.enum(['approve', 'reject', 'remove']),
        note: z.string().trim().max(200).optional(),
      })
      .strict(),
    response: SpaApplication,
    errors: [404, 1031, 3007, 7001],
  }),
  spaReviewDetail: endpoint({
    method: 'GET',
    path: '/main/promo/spa/review/detail',
    access: 'secure',
    summary: 'One application for its reviewer; opening an applied one marks it under review',
    query: z.object({ id: Id }),
    response: SpaApplication,
    errors: [404, 1031, 7001],
  }),
  spaNewMember: endpoint({
    method: 'GET',
    path: '/main/promo/spa/newMember',
    access: 'secure',
    summary: 'For reviewers: applications waiting and members who joined in the last 7 days',
    response: z.object({ pendingCount: z.number().int(), members: z.array(SpaMember) }),
    errors: [7001],
  }),
  notificationHistory: endpoint({
    method: 'POST',
    path: '/main/notification/history',
    access: 'secure',
    summary: 'Promo notifications of the caller (application decisions, reports, checks)',
    query: z.object(Paging),
    response: listOf(NotificationItem),
  }),
};
