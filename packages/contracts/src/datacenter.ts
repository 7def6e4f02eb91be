import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { MoneyWire } from './money.ts';
import { Id, intInput } from './validation.ts';

/**
 * Data center (spec §3): rows of date, applyCount, completeCount, depositFirstCount,
 * depositAllCount, depositFirstAmount with a summary row first; ranges in unix seconds, days in
 * the project's time zone. The completion rule of spec §6 is documented in docs/promo.md.
 */
const UnixSeconds = z.number().int();
const UnixSecondsInput = intInput(0, 4_102_444_800);
const IdParams = z.object({ id: Id });

/** The longest range one query may cover. */
export const DATA_RANGE_MAX_DAYS = 93;

/** A data center result row (spec §3); the summary row has date "total". */
export const TaskDataRow = z.object({
  date: z.string(),
  applyCount: z.number().int(),
  completeCount: z.number().int(),
  depositFirstCount: z.number().int(),
  depositAllCount: z.number().int(),
  depositFirstAmount: MoneyWire,
});
export type TaskDataRow = z.infer<typeof TaskDataRow>;

const rangeFields = { startTime: UnixSecondsInput.optional(), endTime: UnixSecondsInput.optional() };
function withRangeRules<
  T extends z.ZodType<{ startTime?: number | undefined; endTime?: number | undefined }>,
>(schema: T) {
  return schema
    .refine((range) => (range.startTime === undefined) === (range.endTime === undefined), {
      message: 'startTime and endTime go together',
      path: ['endTime'],
    })
    .refine((range) => range.startTime === undefined || range.startTime <= (range.endTime ?? 0), {
      message: 'endTime must not be before startTime',
      path: ['endTime'],
    });
}
const RangeQuery = withRangeRules(z.object(rangeFields));

export const TaskDataAnswer = z.object({
  value: z.union([z.literal(0), z.literal(1)]),
  startTime: UnixSeconds,
  endTime: UnixSeconds,
  timeZone: z.string(),
  /** Summary first, then one row per local day (newest first). */
  rows: z.array(TaskDataRow),
});

export const MemberDataRow = TaskDataRow.extend({
  userId: z.number().int(),
  nickname: z.string(),
  complete: z.boolean(),
});

export const PhoneDataRow = TaskDataRow.extend({
  leadId: z.number().int().nullable(),
  phone: z.string(),
  masked: z.boolean(),
});

export const datacenter = {
  spaTaskData: endpoint({
    method: 'GET',
    path: '/main/promo/spaTaskData',
    access: 'secure',
    summary: 'Data center, individual (value 0): the caller’s rows per local day, summary first',
    query: RangeQuery,
    response: TaskDataAnswer,
  }),
  spaTaskDataDetail: endpoint({
    method: 'GET',
    path: '/main/promo/spaTaskDataDetail/:id',
    access: 'secure',
    summary: 'The caller’s rows per lead for one local day (id = yyyymmdd)',
    params: z.object({ id: intInput(20000101, 29991231) }),
    response: z.object({ date: z.string(), rows: z.array(PhoneDataRow) }),
  }),
  spaTaskDataGroup: endpoint({
    method: 'GET',
    path: '/main/promo/spaTaskDataGroup',
    access: 'secure',
    summary: 'Data center, group (value 1): the group’s rows per local day, summary first',
    query: withRangeRules(z.object({ ...rangeFields, groupId: Id.optional() })),
    response: TaskDataAnswer.extend({ groupId: z.number().int() }),
    errors: [404, 1031, 7001],
  }),
  spaTaskDataGroupDetailMember: endpoint({
    method: 'GET',
    path: '/main/promo/spaTaskDataGroupDetailMember/:id',
    access: 'secure',
    summary: 'Group data per member over a range (id = group id), summary first',
    params: IdParams,
    query: RangeQuery,
    response: z.object({ rows: z.array(MemberDataRow) }),
    errors: [404, 1031, 7001],
  }),
  spaTaskDataGroupDetailPhone: endpoint({
    method: 'GET',
    path: '/main/promo/spaTaskDataGroupDetailPhone/:id',
    access: 'secure',
    summary: 'One member’s data per lead over a range (id = member user id), numbers masked',
    params: IdParams,
    query: RangeQuery,
    response: z.object({ rows: z.array(PhoneDataRow) }),
    errors: [404, 1031, 7001],
  }),
  spaDateRange: endpoint({
    method: 'GET',
    path: '/main/promo/spaDateRange',
    access: 'secure',
    summary: 'Today and the selectable range of the data center in the project’s time zone',
    response: z.object({
      timeZone: z.string(),
      today: z.string(),
      todayStart: UnixSeconds,
      todayEnd: UnixSeconds,
      minStartTime: UnixSeconds,
      maxRangeDays: z.number().int(),
      presets: z.array(z.object({ key: z.string(), startTime: UnixSeconds, endTime: UnixSeconds })),
    }),
  }),
};
