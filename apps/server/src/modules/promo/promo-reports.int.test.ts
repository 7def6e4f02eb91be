// Proves reports and report checks through the real app: the seeded pending check, review, return and revision, the report log with roles and another group refused, and the pending count that drives the pem banner.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRivalGroup, errCodeOf, userIdOf } from '../../../test/promo-support.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';
import { localDay } from '../../platform/local-day.ts';

let testApp: TestApp;
let today: string;

beforeAll(async () => {
  testApp = await startTestApp();
  await createRivalGroup(testApp, 12);
  // The seed filed yesterday's report; today is the real local day of the run.
  today = localDay(testApp.clock.now(), 'Asia/Jakarta');
});
afterAll(async () => testApp?.close());

describe('report checks', () => {
  it('starts with the seeded pending check for the leader and none for the promoter', async () => {
    const leader = await testApp.signIn('leader');
    const checks = await leader.api.promo.spaReportCheck();
    expect(checks.pending).toBe(1);
    expect(checks.items[0]!.status).toBe(0);
    expect(checks.items[0]!.kind).toBe('review');
    expect(checks.items[0]!.reporterId).toBe(await userIdOf(testApp, 'promoter'));
    expect((await (await testApp.signIn('promoter')).api.promo.spaReportCheck()).pending).toBe(0);
  });

  it('files a report once a local day and asks the leader to check it', async () => {
    const promoter = await testApp.signIn('promoter');
    expect(
      await errCodeOf(
        promoter.api.promo.spaReport({ body: { content: '', contactedCount: 1, interestedCount: 0 } }),
      ),
    ).toBe(3);
    expect(
      await errCodeOf(
        promoter.api.promo.spaReport({ body: { content: 'x', contactedCount: -1, interestedCount: 0 } }),
      ),
    ).toBe(3);
    const report = await promoter.api.promo.spaReport({
      body: { content: 'Hari ini 3 telepon', contactedCount: 3, interestedCount: 1 },
    });
    expect(report.reportDate).toBe(today);
    expect(report.checkStatus).toBe(0);
    expect(report.recordedContactCount).toBe(0);
    expect(
      await errCodeOf(
        promoter.api.promo.spaReport({ body: { content: 'lagi', contactedCount: 0, interestedCount: 0 } }),
      ),
    ).toBe(746);
    expect((await (await testApp.signIn('leader')).api.promo.spaReportCheck()).pending).toBe(2);
    for (const label of ['cs', 'no-spa']) {
      const client = await testApp.signIn(label);
      expect(
        await errCodeOf(
          client.api.promo.spaReport({ body: { content: 'x', contactedCount: 0, interestedCount: 0 } }),
        ),
      ).toBe(7001);
    }
  });

  it('returns a report, takes the revision, accepts it; each check is settled once by its addressee', async () => {
    const leader = await testApp.signIn('leader');
    const promoter = await testApp.signIn('promoter');
    const todays = (await leader.api.promo.spaReportCheck()).items.find(
      (item) => item.status === 0 && item.reportDate === today,
    )!;
    expect(
      await errCodeOf(
        promoter.api.promo.spaReportCheckDecide({ params: { id: todays.id }, body: { status: 1 } }),
      ),
    ).toBe(404);
    expect(
      await errCodeOf(
        leader.api.promo.spaReportCheckDecide({ params: { id: todays.id }, body: { status: 5 as never } }),
      ),
    ).toBe(3);
    const returned = await leader.api.promo.spaReportCheckDecide({
      params: { id: todays.id },
      body: { status: 2, note: 'Angka tidak cocok' },
    });
    expect(returned.status).toBe(2);
    expect(
      await errCodeOf(
        leader.api.promo.spaReportCheckDecide({ params: { id: todays.id }, body: { status: 1 } }),
      ),
    ).toBe(3007);

    const revise = await promoter.api.promo.spaReportCheck();
    expect(revise.pending).toBe(1);
    expect(revise.items[0]!.kind).toBe('revise');
    expect(revise.items[0]!.note).toBe('Angka tidak cocok');
    const reportId = revise.items[0]!.reportId;
    expect(
      await errCodeOf(leader.api.promo.spaReportExtra({ body: { reportId, content: 'bukan punya saya' } })),
    ).toBe(404);
    const revised = await promoter.api.promo.spaReportExtra({
      body: { reportId, content: 'Koreksi: 2 telepon' },
    });
    expect(revised.extras.map((extra) => extra.content)).toEqual(['Koreksi: 2 telepon']);
    expect((await promoter.api.promo.spaReportCheck()).pending).toBe(0);

    const again = (await leader.api.promo.spaReportCheck()).items.find(
      (item) => item.status === 0 && item.reportId === reportId,
    )!;
    const accepted = await leader.api.promo.spaReportCheckDecide({
      params: { id: again.id },
      body: { status: 1 },
    });
    expect(accepted.status).toBe(1);
    const log = await promoter.api.promo.spaReportLog({ query: {} });
    expect(log.items.find((item) => item.id === reportId)!.checkStatus).toBe(1);
  });

  it('clears the pending count when the last check is settled (the pem banner)', async () => {
    const leader = await testApp.signIn('leader');
    const seeded = (await leader.api.promo.spaReportCheck()).items.find((item) => item.status === 0)!;
    await leader.api.promo.spaReportCheckDecide({ params: { id: seeded.id }, body: { status: 1 } });
    expect((await leader.api.promo.spaReportCheck()).pending).toBe(0);
  });

  it('shows a member’s report log to the leader and HR, refuses the rival leader and others', async () => {
    const promoterId = await userIdOf(testApp, 'promoter');
    const leader = await testApp.signIn('leader');
    expect((await leader.api.promo.spaReportLog({ query: { userId: promoterId } })).total).toBe(2);
    expect(
      (await (await testApp.signIn('hr')).api.promo.spaReportLog({ query: { userId: promoterId } })).total,
    ).toBe(2);
    expect(
      await errCodeOf(
        (await testApp.signIn('operator')).api.promo.spaReportLog({ query: { userId: promoterId } }),
      ),
    ).toBe(1031);
    expect(
      await errCodeOf((await testApp.signIn('cs')).api.promo.spaReportLog({ query: { userId: promoterId } })),
    ).toBe(7001);
    const otherProjectPromoter = await userIdOf(testApp, 'promoter', 10);
    expect(await errCodeOf(leader.api.promo.spaReportLog({ query: { userId: otherProjectPromoter } }))).toBe(
      404,
    );
    expect(await errCodeOf(leader.api.promo.spaReportLog({ query: { userId: 'me' as never } }))).toBe(3);
  });
});
