// Proves the data center through the real app: spec §3 rows with the summary first against hand-computed tables, the completion rule of spec §6 per role, day boundaries across midnight in Asia/Jakarta and America/Mexico_City, the deposit feed, masking, roles refused and another group's data refused.
import type { ProjectConfig } from '@payhub/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createRivalGroup,
  errCodeOf,
  groupIdOf,
  registerPlayer,
  userIdOf,
} from '../../../test/promo-support.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';
import { createPromoRepo } from '../promo/promo.repo.ts';
import { createPromoService } from '../promo/promo.service.ts';
import { createUserProfiles } from '../user/user-profiles.service.ts';
import { createDatacenterRepo } from './datacenter.repo.ts';
import { createDatacenterService, type DatacenterService } from './datacenter.service.ts';

let testApp: TestApp;
let groupId: number;
let rivalGroupId: number;
let promoterId: number;
let leaderId: number;
let assignedLeadId: number;
/** The service the payment hub calls, on the same database (docs/promo.md "Interfaces"). */
let feed: DatacenterService;

const seconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);
// Jakarta days 2026-11-20 and 2026-11-21.
const RANGE = { startTime: seconds('2026-11-19T17:00:00Z'), endTime: seconds('2026-11-21T16:59:59Z') };
const wire = (date: string, counts: [number, number, number, number], amount: string) => ({
  date,
  applyCount: counts[0],
  completeCount: counts[1],
  depositFirstCount: counts[2],
  depositAllCount: counts[3],
  depositFirstAmount: amount,
});

async function insertEvents(
  promoter: number,
  day: string,
  kind: number,
  times: number,
  amountMinor = 0,
  leadId: number | null = null,
) {
  for (let index = 0; index < times; index += 1) {
    await testApp.database.pool.query(
      `INSERT INTO dc_task_events (project_id, group_id, promoter_id, lead_id, kind, amount, at, local_day)
       VALUES (12, $1, $2, $3, $4, $5, $6, $7)`,
      [groupId, promoter, leadId, kind, amountMinor, `${day}T05:00:00Z`, day],
    );
  }
}

beforeAll(async () => {
  testApp = await startTestApp();
  groupId = await groupIdOf(testApp, 'leader');
  rivalGroupId = await createRivalGroup(testApp);
  promoterId = await userIdOf(testApp, 'promoter');
  leaderId = await userIdOf(testApp, 'leader');
  const zones: Record<number, string> = { 10: 'Asia/Jakarta', 12: 'Asia/Jakarta', 16: 'America/Mexico_City' };
  const projectById = (id: number) => ({ projectId: id, timeZone: zones[id] }) as ProjectConfig;
  const promo = createPromoService({
    repo: createPromoRepo(testApp.database.db, createUserProfiles(testApp.database.db)),
    clock: testApp.clock,
    projectById,
  });
  feed = createDatacenterService({
    repo: createDatacenterRepo(testApp.database.db),
    promo,
    clock: testApp.clock,
  });

  testApp.clock.set(new Date('2026-11-20T03:00:00Z'));
  assignedLeadId = (await (await testApp.signIn('promoter')).api.promo.spaCurrentTask()).leads[0]!.leadId;
  // The hand-computed table (P = promoter, L = leader), kinds 1 apply, 2 complete, 3 first deposit, 4 deposit:
  //   P 11-20: apply 2, complete 2, first 1 (500.00), deposits 2  -> complete, fully complete
  //   L 11-20: apply 1, complete 0, first 1 (100.00), deposits 1  -> incomplete
  //   P 11-21: apply 0, complete 0, deposits 3                    -> complete, not fully complete
  //   L 11-21: apply 3, complete 3, first 2 (250.50), deposits 2  -> complete, fully complete
  await insertEvents(promoterId, '2026-11-20', 1, 2, 0, assignedLeadId);
  await insertEvents(promoterId, '2026-11-20', 2, 2, 0, assignedLeadId);
  await insertEvents(promoterId, '2026-11-20', 3, 1, 50_000, assignedLeadId);
  await insertEvents(promoterId, '2026-11-20', 4, 2, 30_000, assignedLeadId);
  await insertEvents(leaderId, '2026-11-20', 1, 1);
  await insertEvents(leaderId, '2026-11-20', 3, 1, 10_000);
  await insertEvents(leaderId, '2026-11-20', 4, 1, 10_000);
  await insertEvents(promoterId, '2026-11-21', 4, 3, 7_000);
  await insertEvents(leaderId, '2026-11-21', 1, 3);
  await insertEvents(leaderId, '2026-11-21', 2, 3);
  await insertEvents(leaderId, '2026-11-21', 3, 1, 10_025);
  await insertEvents(leaderId, '2026-11-21', 3, 1, 15_025);
  await insertEvents(leaderId, '2026-11-21', 4, 2, 12_000);
  testApp.clock.set(new Date('2026-11-21T10:00:00Z'));
});
afterAll(async () => testApp?.close());

describe('rows and the summary row against the hand-computed table', () => {
  it('leader, group mode with a date range: only fully complete member rows count', async () => {
    const leader = await testApp.signIn('leader');
    const answer = await leader.api.datacenter.spaTaskDataGroup({ query: RANGE });
    expect(answer.value).toBe(1);
    expect(answer.groupId).toBe(groupId);
    expect(answer.startTime).toBe(RANGE.startTime);
    expect(answer.endTime).toBe(RANGE.endTime);
    expect(answer.rows).toEqual([
      wire('total', [5, 5, 3, 4], '750.50'),
      wire('2026-11-21', [3, 3, 2, 2], '250.50'),
      wire('2026-11-20', [2, 2, 1, 2], '500.00'),
    ]);
  });

  it('HR, group mode: member rows count when applyCount equals completeCount', async () => {
    const hr = await testApp.signIn('hr');
    const answer = await hr.api.datacenter.spaTaskDataGroup({ query: { ...RANGE, groupId } });
    expect(answer.rows).toEqual([
      wire('total', [5, 5, 3, 7], '750.50'),
      wire('2026-11-21', [3, 3, 2, 5], '250.50'),
      wire('2026-11-20', [2, 2, 1, 2], '500.00'),
    ]);
  });

  it('individual mode: every day as recorded, the summary adds the complete days', async () => {
    const promoter = await testApp.signIn('promoter');
    expect((await promoter.api.datacenter.spaTaskData({ query: RANGE })).rows).toEqual([
      wire('total', [2, 2, 1, 5], '500.00'),
      wire('2026-11-21', [0, 0, 0, 3], '0.00'),
      wire('2026-11-20', [2, 2, 1, 2], '500.00'),
    ]);
    const leader = await testApp.signIn('leader');
    expect((await leader.api.datacenter.spaTaskData({ query: RANGE })).rows).toEqual([
      wire('total', [3, 3, 2, 2], '250.50'),
      wire('2026-11-21', [3, 3, 2, 2], '250.50'),
      wire('2026-11-20', [1, 0, 1, 1], '100.00'),
    ]);
  });

  it('per member and per lead, with numbers masked unless the caller works the lead', async () => {
    const leader = await testApp.signIn('leader');
    const members = await leader.api.datacenter.spaTaskDataGroupDetailMember({
      params: { id: groupId },
      query: RANGE,
    });
    expect(members.rows[0]).toMatchObject({ ...wire('total', [5, 5, 3, 4], '750.50'), complete: false });
    expect(members.rows.find((entry) => entry.userId === promoterId)).toMatchObject({
      applyCount: 2,
      depositFirstAmount: '500.00',
      complete: false,
    });
    expect(members.rows.find((entry) => entry.userId === leaderId)).toMatchObject({
      applyCount: 3,
      complete: false,
    });

    const phones = await leader.api.datacenter.spaTaskDataGroupDetailPhone({
      params: { id: promoterId },
      query: RANGE,
    });
    expect(phones.rows[0]).toMatchObject(wire('total', [2, 2, 1, 5], '500.00'));
    const leadRow = phones.rows.find((entry) => entry.leadId === assignedLeadId)!;
    expect(leadRow.masked).toBe(true);
    expect(leadRow.phone).toContain('*');
    const own = await (await testApp.signIn('promoter')).api.datacenter.spaTaskDataDetail({
      params: { id: 20261120 },
    });
    const ownLead = own.rows.find((entry) => entry.leadId === assignedLeadId)!;
    expect(ownLead.masked).toBe(false);
    expect(ownLead.phone).toMatch(/^\d+$/);
    expect(ownLead.applyCount).toBe(2);
  });
});

describe('who may read what', () => {
  it('refuses group data to promoters (7001), the rival leader (1031), HR of another project (404)', async () => {
    const promoter = await testApp.signIn('promoter');
    expect(await errCodeOf(promoter.api.datacenter.spaTaskDataGroup({ query: RANGE }))).toBe(7001);
    expect(
      await errCodeOf(
        promoter.api.datacenter.spaTaskDataGroupDetailMember({ params: { id: groupId }, query: RANGE }),
      ),
    ).toBe(7001);
    expect(
      await errCodeOf(
        promoter.api.datacenter.spaTaskDataGroupDetailPhone({ params: { id: leaderId }, query: RANGE }),
      ),
    ).toBe(7001);
    const rival = await testApp.signIn('operator');
    expect(await errCodeOf(rival.api.datacenter.spaTaskDataGroup({ query: { ...RANGE, groupId } }))).toBe(
      1031,
    );
    expect(
      await errCodeOf(
        rival.api.datacenter.spaTaskDataGroupDetailMember({ params: { id: groupId }, query: RANGE }),
      ),
    ).toBe(1031);
    expect(
      await errCodeOf(
        rival.api.datacenter.spaTaskDataGroupDetailPhone({ params: { id: promoterId }, query: RANGE }),
      ),
    ).toBe(1031);
    expect((await rival.api.datacenter.spaTaskDataGroup({ query: RANGE })).groupId).toBe(rivalGroupId);
    const otherProjectHr = await testApp.signIn('hr', 10);
    expect(
      await errCodeOf(otherProjectHr.api.datacenter.spaTaskDataGroup({ query: { ...RANGE, groupId } })),
    ).toBe(404);
    const cs = await testApp.signIn('cs');
    expect(await errCodeOf(cs.api.datacenter.spaTaskDataGroup({ query: RANGE }))).toBe(7001);
    expect(
      await errCodeOf(
        cs.api.datacenter.spaTaskDataGroupDetailPhone({ params: { id: promoterId }, query: RANGE }),
      ),
    ).toBe(7001);
    const leader = await testApp.signIn('leader');
    const noSpaId = await userIdOf(testApp, 'no-spa');
    expect(
      await errCodeOf(
        leader.api.datacenter.spaTaskDataGroupDetailPhone({ params: { id: noSpaId }, query: RANGE }),
      ),
    ).toBe(404);
  });

  it('answers bad ranges and ids with 3', async () => {
    const leader = await testApp.signIn('leader');
    const { startTime, endTime } = RANGE;
    expect(await errCodeOf(leader.api.datacenter.spaTaskData({ query: { startTime } }))).toBe(3);
    expect(
      await errCodeOf(
        leader.api.datacenter.spaTaskData({ query: { startTime: endTime, endTime: startTime } }),
      ),
    ).toBe(3);
    expect(
      await errCodeOf(
        leader.api.datacenter.spaTaskData({ query: { startTime: startTime - 100 * 86_400, endTime } }),
      ),
    ).toBe(3);
    expect(await errCodeOf(leader.api.datacenter.spaTaskData({ query: { startTime: -1, endTime } }))).toBe(3);
    expect(await errCodeOf(leader.api.datacenter.spaTaskDataDetail({ params: { id: 20261340 } }))).toBe(3);
    expect(await errCodeOf(leader.api.datacenter.spaTaskDataGroup({ query: { ...RANGE, groupId: 0 } }))).toBe(
      3,
    );
    expect(
      await errCodeOf((await testApp.signIn('hr')).api.datacenter.spaTaskDataGroup({ query: RANGE })),
    ).toBe(3);
  });
});

describe('registrations and deposits by the project’s local day', () => {
  it('counts a share-code registration on either side of midnight in Asia/Jakarta', async () => {
    const promoter = await testApp.signIn('promoter');
    const { shareCode } = await promoter.api.promo.spaCurrentTask();
    testApp.clock.set(new Date('2026-11-22T16:59:59Z'));
    const late = await registerPlayer(testApp, '081377700001', 12, shareCode);
    testApp.clock.set(new Date('2026-11-22T17:00:00Z'));
    await registerPlayer(testApp, '081377700002', 12, shareCode);

    const range = { startTime: seconds('2026-11-21T17:00:00Z'), endTime: seconds('2026-11-23T16:59:59Z') };
    const rows = (await promoter.api.datacenter.spaTaskData({ query: range })).rows;
    expect(rows.map((row) => [row.date, row.applyCount])).toEqual([
      ['total', 0],
      ['2026-11-23', 1],
      ['2026-11-22', 1],
    ]);
    // The 22nd alone (Jakarta), asked as its own unix range: one application, not completed.
    const day = await promoter.api.datacenter.spaTaskData({
      query: { startTime: seconds('2026-11-21T17:00:00Z'), endTime: seconds('2026-11-22T16:59:59Z') },
    });
    expect(day.rows).toEqual([wire('total', [0, 0, 0, 0], '0.00'), wire('2026-11-22', [1, 0, 0, 0], '0.00')]);

    // A deposit made 1 s before midnight belongs to that day; a replay counts once; the second is not first.
    const first = await feed.recordDeposit({
      userId: late.userId,
      amount: 15_000_000n,
      at: new Date('2026-11-22T16:59:59Z'),
      reference: 'order-1',
    });
    expect(first).toEqual({ counted: true, first: true });
    expect(
      await feed.recordDeposit({
        userId: late.userId,
        amount: 15_000_000n,
        at: new Date('2026-11-22T16:59:59Z'),
        reference: 'order-1',
      }),
    ).toEqual({ counted: false, first: false });
    expect(
      await feed.recordDeposit({
        userId: late.userId,
        amount: 5_000_000n,
        at: new Date('2026-11-22T17:00:01Z'),
        reference: 'order-2',
      }),
    ).toEqual({ counted: true, first: false });
    const stranger = await registerPlayer(testApp, '081377700003', 12);
    expect(
      await feed.recordDeposit({
        userId: stranger.userId,
        amount: 100n,
        at: testApp.clock.now(),
        reference: 'order-3',
      }),
    ).toEqual({ counted: false, first: false });

    const after = (await promoter.api.datacenter.spaTaskData({ query: range })).rows;
    expect(after[1]).toEqual(wire('2026-11-23', [1, 0, 0, 1], '0.00'));
    expect(after[2]).toEqual(wire('2026-11-22', [1, 0, 1, 1], '150000.00'));
    const mission = await promoter.api.promo.spaGroupMissionStatistic();
    expect(mission.date).toBe('2026-11-23');
    expect(mission.applyCount).toBe(1);
  });

  it('counts on either side of midnight in America/Mexico_City', async () => {
    const promoter = await testApp.signIn('promoter', 16);
    const { shareCode } = await promoter.api.promo.spaCurrentTask();
    testApp.clock.set(new Date('2026-11-22T05:59:59Z'));
    await registerPlayer(testApp, '5598765401', 16, shareCode);
    testApp.clock.set(new Date('2026-11-22T06:00:00Z'));
    await registerPlayer(testApp, '5598765402', 16, shareCode);
    const range = { startTime: seconds('2026-11-21T06:00:00Z'), endTime: seconds('2026-11-23T05:59:59Z') };
    const answer = await promoter.api.datacenter.spaTaskData({ query: range });
    expect(answer.timeZone).toBe('America/Mexico_City');
    expect(answer.startTime).toBe(range.startTime);
    expect(answer.rows.map((row) => [row.date, row.applyCount])).toEqual([
      ['total', 0],
      ['2026-11-22', 1],
      ['2026-11-21', 1],
    ]);
    const leader = await testApp.signIn('leader', 16);
    const group = await leader.api.datacenter.spaTaskDataGroup({ query: {} });
    expect(group.rows.map((row) => row.date)).toEqual(['total', '2026-11-22']);
  });

  it('answers today and the presets in the project’s time zone', async () => {
    testApp.clock.set(new Date('2026-11-21T17:30:00Z'));
    const jakarta = await (await testApp.signIn('promoter')).api.datacenter.spaDateRange();
    expect(jakarta.today).toBe('2026-11-22');
    expect(jakarta.todayStart).toBe(seconds('2026-11-21T17:00:00Z'));
    expect(jakarta.todayEnd).toBe(seconds('2026-11-22T16:59:59Z'));
    expect(jakarta.presets.find((preset) => preset.key === 'last7')!.startTime).toBe(
      seconds('2026-11-15T17:00:00Z'),
    );
    const mexico = await (await testApp.signIn('promoter', 16)).api.datacenter.spaDateRange();
    expect(mexico.today).toBe('2026-11-21');
    expect(mexico.todayStart).toBe(seconds('2026-11-21T06:00:00Z'));
  });
});
