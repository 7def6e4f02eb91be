// Proves the group programme through the real app: spaInfo, groups, members, applications and their review states, renames, presence, new members and notification history, with roles allowed and refused, bad input and another group's data.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRivalGroup, errCodeOf, groupIdOf, userIdOf } from '../../../test/promo-support.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';

let testApp: TestApp;
let groupId: number;
let rivalGroupId: number;
let otherProjectGroupId: number;

beforeAll(async () => {
  testApp = await startTestApp();
  groupId = await groupIdOf(testApp, 'leader', 12);
  otherProjectGroupId = await groupIdOf(testApp, 'leader', 10);
  rivalGroupId = await createRivalGroup(testApp, 12);
});
afterAll(async () => testApp?.close());

describe('identity and groups', () => {
  it('answers spaInfo per role and refuses a call without a token (1)', async () => {
    expect((await (await testApp.signIn('leader')).api.promo.spaInfo()).role).toBe(1);
    expect((await (await testApp.signIn('promoter')).api.promo.spaInfo()).role).toBe(0);
    expect((await (await testApp.signIn('hr')).api.promo.spaInfo()).spaType).toBe('HR');
    expect(await errCodeOf(testApp.client().api.promo.spaInfo())).toBe(1);
  });

  it('shows the caller’s group and the project’s groups only', async () => {
    const leader = await testApp.signIn('leader');
    const info = await leader.api.promo.spaGroupInfo({ query: {} });
    expect(info.group?.id).toBe(groupId);
    expect(info.group?.memberCount).toBe(2);
    expect(info.groups.map((group) => group.id).sort()).toEqual([groupId, rivalGroupId].sort());
    const promoter = await testApp.signIn('promoter');
    expect((await promoter.api.promo.spaGroupInfo({ query: {} })).group?.id).toBe(groupId);
    const outsider = await testApp.signIn('no-spa');
    const outside = await outsider.api.promo.spaGroupInfo({ query: {} });
    expect(outside.group).toBeNull();
    expect(outside.groups).toHaveLength(2);
    expect((await outsider.api.promo.spaGroupInfo({ query: { groupId } })).group?.name).toBe('Tim 12');
    expect(
      await errCodeOf(outsider.api.promo.spaGroupInfo({ query: { groupId: otherProjectGroupId } })),
    ).toBe(404);
    expect(await errCodeOf(outsider.api.promo.spaGroupInfo({ query: { groupId: 'x' as never } }))).toBe(3);
  });

  it('lists members: masked numbers for others, the own number in full; another group refused', async () => {
    const promoterId = await userIdOf(testApp, 'promoter');
    const promoterPhone = testApp.accounts.find((a) => a.label === 'promoter' && a.projectId === 12)!.phone;
    const leader = await testApp.signIn('leader');
    const members = await leader.api.promo.spaMembers({ query: {} });
    expect(members.total).toBe(1);
    expect(members.items[0]!.userId).toBe(promoterId);
    expect(members.items[0]!.phone).not.toBe(promoterPhone);
    expect(members.items[0]!.phone).toContain('*');
    const promoter = await testApp.signIn('promoter');
    expect((await promoter.api.promo.spaMembers({ query: {} })).items[0]!.phone).toBe(promoterPhone);
    expect(await errCodeOf(leader.api.promo.spaMembers({ query: { groupId: rivalGroupId } }))).toBe(1031);
    expect(await errCodeOf(promoter.api.promo.spaMembers({ query: { groupId: rivalGroupId } }))).toBe(1031);
    const hr = await testApp.signIn('hr');
    expect(await errCodeOf(hr.api.promo.spaMembers({ query: {} }))).toBe(3);
    expect((await hr.api.promo.spaMembers({ query: { groupId } })).total).toBe(1);
    expect(await errCodeOf(hr.api.promo.spaMembers({ query: { groupId: otherProjectGroupId } }))).toBe(404);
    expect(await errCodeOf((await testApp.signIn('cs')).api.promo.spaMembers({ query: {} }))).toBe(7001);
    expect(await errCodeOf(leader.api.promo.spaMembers({ query: { count: 501 } }))).toBe(3);
  });

  it('renames the group for its leader only', async () => {
    const leader = await testApp.signIn('leader');
    expect((await leader.api.promo.spaNameUpdate({ query: { name: 'Tim Bintang' } })).name).toBe(
      'Tim Bintang',
    );
    expect(await errCodeOf(leader.api.promo.spaNameUpdate({ query: { name: '' } }))).toBe(3);
    expect(
      await errCodeOf((await testApp.signIn('promoter')).api.promo.spaNameUpdate({ query: { name: 'X' } })),
    ).toBe(7001);
    const { rows } = await testApp.database.pool.query(
      "SELECT count(*) FROM audit_log WHERE action = 'promo.group.rename' AND object_id = $1",
      [String(groupId)],
    );
    expect(Number(rows[0].count)).toBe(1);
  });

  it('serves the status catalogue publicly and records presence pings', async () => {
    const catalogue = await testApp.client().api.promo.spaStatusList();
    expect(catalogue.apply.map((entry) => entry.name)).toEqual([
      'applied',
      'reviewing',
      'approved',
      'rejected',
      'cancelled',
      'removed',
    ]);
    const promoter = await testApp.signIn('promoter');
    expect(await errCodeOf(promoter.api.promo.spaStatusPing({ body: { foreground: 2 as never } }))).toBe(3);
    await promoter.api.promo.spaStatusPing({ body: { foreground: 1 } });
    const leader = await testApp.signIn('leader');
    const member = (await leader.api.promo.spaMembers({ query: {} })).items[0]!;
    expect(member.foreground).toBe(true);
    expect(member.lastSeenAt).toBe(Math.floor(testApp.clock.now().getTime() / 1000));
  });
});

describe('applications and review', () => {
  it('runs applied -> reviewing -> approved -> removed, with the right people allowed', async () => {
    const applicant = await testApp.signIn('no-spa');
    const applicantId = await userIdOf(testApp, 'no-spa');
    expect(await errCodeOf(applicant.api.promo.spaApply({ body: { groupId: 999_999 } }))).toBe(404);
    expect(await errCodeOf(applicant.api.promo.spaApply({ body: { groupId, spaType: 'CS' as never } }))).toBe(
      3,
    );
    const applied = await applicant.api.promo.spaApply({ body: { groupId, note: 'Saya mau gabung' } });
    expect(applied.status).toBe(0);
    expect(applied.statusName).toBe('applied');
    expect(await errCodeOf(applicant.api.promo.spaApply({ body: { groupId: rivalGroupId } }))).toBe(746);
    expect((await applicant.api.promo.spaApplyList({ query: {} })).items.map((item) => item.id)).toEqual([
      applied.id,
    ]);
    expect((await applicant.api.promo.spaDetail({ params: { id: applied.id } })).note).toBe(
      'Saya mau gabung',
    );

    const promoter = await testApp.signIn('promoter');
    expect(await errCodeOf(promoter.api.promo.spaDetail({ params: { id: applied.id } }))).toBe(404);
    expect(await errCodeOf(promoter.api.promo.spaReviewList({ query: {} }))).toBe(7001);
    expect(await errCodeOf(promoter.api.promo.spaReviewDetail({ query: { id: applied.id } }))).toBe(7001);
    expect(
      await errCodeOf(
        promoter.api.promo.spaReviewDecide({ params: { id: applied.id }, body: { decision: 'approve' } }),
      ),
    ).toBe(7001);
    const rival = await testApp.signIn('operator');
    expect(await errCodeOf(rival.api.promo.spaReviewDetail({ query: { id: applied.id } }))).toBe(1031);
    expect(
      await errCodeOf(
        rival.api.promo.spaReviewDecide({ params: { id: applied.id }, body: { decision: 'approve' } }),
      ),
    ).toBe(1031);
    const otherProjectLeader = await testApp.signIn('leader', 10);
    expect(await errCodeOf(otherProjectLeader.api.promo.spaReviewDetail({ query: { id: applied.id } }))).toBe(
      404,
    );

    const leader = await testApp.signIn('leader');
    expect((await leader.api.promo.spaNewMember()).pendingCount).toBe(1);
    const listed = await leader.api.promo.spaReviewList({ query: { status: 0 } });
    expect(listed.items.map((item) => item.id)).toEqual([applied.id]);
    expect(listed.items[0]!.phone).toContain('*');
    expect((await leader.api.promo.spaReviewDetail({ query: { id: applied.id } })).statusName).toBe(
      'reviewing',
    );
    expect(
      await errCodeOf(
        leader.api.promo.spaReviewDecide({
          params: { id: applied.id },
          body: { decision: 'maybe' as never },
        }),
      ),
    ).toBe(3);
    expect(
      await errCodeOf(
        leader.api.promo.spaReviewDecide({ params: { id: applied.id }, body: { decision: 'remove' } }),
      ),
    ).toBe(3007);
    const approved = await leader.api.promo.spaReviewDecide({
      params: { id: applied.id },
      body: { decision: 'approve', note: 'Selamat datang' },
    });
    expect(approved.statusName).toBe('approved');
    expect(approved.reviewerId).toBe(await userIdOf(testApp, 'leader'));
    expect(
      await errCodeOf(
        leader.api.promo.spaReviewDecide({ params: { id: applied.id }, body: { decision: 'reject' } }),
      ),
    ).toBe(3007);
    expect(await errCodeOf(applicant.api.promo.spaCancel({ params: { id: applied.id } }))).toBe(3007);

    const info = await applicant.api.promo.spaInfo();
    expect(info.role).toBe(0);
    expect(info.spaType).toBe('New');
    expect((await applicant.api.promo.spaGroupInfo({ query: {} })).group?.id).toBe(groupId);
    expect((await leader.api.promo.spaNewMember()).members.map((member) => member.userId)).toContain(
      applicantId,
    );
    const history = await applicant.api.promo.notificationHistory({ query: {} });
    expect(history.items[0]!.kind).toBe('approve');
    const mail = await applicant.api.inbox.list({ query: {} });
    expect(mail.unreadCount).toBe(1);
    expect(mail.items[0]!.content).toBe('Selamat datang');
    // The title is written in the project's language, not the raw status (issue 11).
    expect(mail.items[0]!.title).toBe('Tim Bintang: pengajuan disetujui');
    // The promoter notification carries the same localised title, never a key like "spa.approve".
    expect(history.items[0]!.title).toBe('Tim Bintang: pengajuan disetujui');
    const leaderHistory = await leader.api.promo.notificationHistory({ query: {} });
    expect(leaderHistory.items.find((item) => item.kind === 'apply')?.title).toBe(
      'Tim Bintang: pengajuan baru',
    );

    const removed = await leader.api.promo.spaReviewDecide({
      params: { id: applied.id },
      body: { decision: 'remove' },
    });
    expect(removed.statusName).toBe('removed');
    expect((await applicant.api.promo.spaInfo()).role).toBe(-1);
    const { rows } = await testApp.database.pool.query(
      "SELECT action FROM audit_log WHERE object_type = 'spa_application' AND object_id = $1 ORDER BY id",
      [String(applied.id)],
    );
    expect(rows.map((row) => row.action)).toEqual(['promo.application.approve', 'promo.application.remove']);
  });

  it('lets the applicant cancel and HR reject, each once', async () => {
    const applicant = await testApp.signIn('no-spa');
    const first = await applicant.api.promo.spaApply({ body: { groupId: rivalGroupId } });
    const cancelled = await applicant.api.promo.spaCancel({ params: { id: first.id } });
    expect(cancelled.statusName).toBe('cancelled');
    expect(await errCodeOf(applicant.api.promo.spaCancel({ params: { id: first.id } }))).toBe(3007);
    expect(
      await errCodeOf((await testApp.signIn('promoter')).api.promo.spaCancel({ params: { id: first.id } })),
    ).toBe(404);

    const second = await applicant.api.promo.spaApply({ body: { groupId, spaType: 'Recall' } });
    const hr = await testApp.signIn('hr');
    expect((await hr.api.promo.spaReviewList({ query: {} })).items.map((item) => item.id)).toContain(
      second.id,
    );
    const rejected = await hr.api.promo.spaReviewDecide({
      params: { id: second.id },
      body: { decision: 'reject', note: 'Belum memenuhi syarat' },
    });
    expect(rejected.statusName).toBe('rejected');
    expect(rejected.reviewNote).toBe('Belum memenuhi syarat');
    expect((await applicant.api.promo.spaInfo()).role).toBe(-1);
    expect(await errCodeOf((await testApp.signIn('cs')).api.promo.spaNewMember())).toBe(7001);
  });

  it('refuses applications from leaders, CS, HR and operators (7001) and from members (746)', async () => {
    for (const label of ['leader', 'cs', 'hr', 'operator-manage']) {
      const client = await testApp.signIn(label);
      expect(await errCodeOf(client.api.promo.spaApply({ body: { groupId } }))).toBe(7001);
    }
    const promoter = await testApp.signIn('promoter');
    expect(await errCodeOf(promoter.api.promo.spaApply({ body: { groupId: rivalGroupId } }))).toBe(746);
  });
});
