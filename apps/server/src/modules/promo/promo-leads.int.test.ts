// Proves lead tasks through the real app: the daily hand-out by the project's local day, consent and final do-not-contact, masking, contacts and revisits, sharing, and registrations with the share code.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errCodeOf, registerPlayer, userIdOf } from '../../../test/promo-support.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';

let testApp: TestApp;
const project12Leads = async (where: string) =>
  (
    await testApp.database.pool.query(
      `SELECT id, phone FROM spa_leads WHERE project_id = 12 AND ${where} ORDER BY id`,
    )
  ).rows as Array<{ id: string; phone: string }>;

beforeAll(async () => {
  testApp = await startTestApp();
  // 2026-11-21 10:00 in Jakarta (UTC+7).
  testApp.clock.set(new Date('2026-11-21T03:00:00Z'));
});
afterAll(async () => testApp?.close());

describe('the daily hand-out', () => {
  it('gives a promoter 10 consenting leads a local day, in full, and masks them for the leader and HR', async () => {
    const promoter = await testApp.signIn('promoter');
    const task = await promoter.api.promo.spaCurrentTask();
    expect(task.date).toBe('2026-11-21');
    expect(task.quota).toBe(10);
    expect(task.leads).toHaveLength(10);
    expect(task.shareCode).toMatch(/^[A-Z0-9]{8}$/);
    expect(task.leads.every((lead) => !lead.masked && /^\d+$/.test(lead.phone) && lead.consent)).toBe(true);
    // The same day gives no more.
    expect((await promoter.api.promo.spaCurrentTask()).assigned).toBe(10);
    expect((await promoter.api.promo.spaPhoneList({ query: {} })).total).toBe(10);

    const leader = await testApp.signIn('leader');
    const seen = await leader.api.promo.spaPhoneList({ query: { count: 50 } });
    expect(seen.total).toBe(10);
    expect(seen.items.every((lead) => lead.masked && lead.phone.includes('*'))).toBe(true);
    const hr = await testApp.signIn('hr');
    expect((await hr.api.promo.spaPhoneList({ query: {} })).items.every((lead) => lead.masked)).toBe(true);
    for (const label of ['cs', 'no-spa', 'operator']) {
      const client = await testApp.signIn(label);
      expect(await errCodeOf(client.api.promo.spaPhoneList({ query: {} }))).toBe(7001);
      expect(await errCodeOf(client.api.promo.spaCurrentTask())).toBe(7001);
    }
    expect(await errCodeOf(promoter.api.promo.spaPhoneList({ query: { status: 9 } }))).toBe(3);
  });

  it('starts a new quota at local midnight in Asia/Jakarta, not at UTC midnight', async () => {
    const promoter = await testApp.signIn('promoter');
    // 23:59:59 in Jakarta: still the 21st.
    testApp.clock.set(new Date('2026-11-21T16:59:59Z'));
    expect((await promoter.api.promo.spaCurrentTask()).assigned).toBe(10);
    // 00:00:00 in Jakarta on the 22nd (still the 21st in UTC).
    testApp.clock.set(new Date('2026-11-21T17:00:00Z'));
    const next = await promoter.api.promo.spaCurrentTask();
    expect(next.date).toBe('2026-11-22');
    expect(next.assigned).toBe(10);
    expect(next.leads).toHaveLength(20);
  });

  it('never hands out a lead without consent or marked do-not-contact', async () => {
    const excluded = await project12Leads('(NOT consent OR do_not_contact)');
    expect(excluded).toHaveLength(4);
    const promoter = await testApp.signIn('promoter');
    // Draw day after day until the pool is empty (40 seeded, 36 usable).
    for (let day = 0; day < 3; day += 1) {
      testApp.clock.advance(86_400_000);
      await promoter.api.promo.spaCurrentTask();
    }
    const assigned = await testApp.database.pool.query(
      'SELECT DISTINCT lead_id FROM spa_tasks WHERE project_id = 12',
    );
    const assignedIds = new Set(assigned.rows.map((row) => String(row.lead_id)));
    expect(assignedIds.size).toBe(36);
    for (const lead of excluded) expect(assignedIds.has(lead.id)).toBe(false);
  });
});

describe('working a lead', () => {
  it('records contacts and revisits on the promoter’s own tasks only', async () => {
    const promoter = await testApp.signIn('promoter');
    const [first, second] = (await promoter.api.promo.spaCurrentTask()).leads;
    const contacted = await promoter.api.promo.spaContact({
      body: { taskId: first!.taskId, result: 'answered' },
    });
    expect(contacted.status).toBe(1);
    expect(contacted.lastResult).toBe('answered');
    const inAnHour = Math.floor(testApp.clock.now().getTime() / 1000) + 3600;
    const planned = await promoter.api.promo.spaContact({
      body: { taskId: second!.taskId, result: 'interested', revisitAt: inAnHour },
    });
    expect(planned.status).toBe(2);
    expect(planned.revisitAt).toBe(inAnHour);
    const revisits = await promoter.api.promo.spaRevisitList({ query: {} });
    expect(revisits.items.map((lead) => lead.taskId)).toEqual([second!.taskId]);
    const revisited = await promoter.api.promo.spaRevisit({
      params: { id: second!.taskId },
      body: { result: 'interested', note: 'minta link lagi' },
    });
    expect(revisited.status).toBe(1);
    expect((await promoter.api.promo.spaRevisitList({ query: {} })).total).toBe(0);

    expect(
      await errCodeOf(
        promoter.api.promo.spaContact({ body: { taskId: first!.taskId, result: 'maybe' as never } }),
      ),
    ).toBe(3);
    expect(
      await errCodeOf(
        promoter.api.promo.spaContact({
          body: { taskId: first!.taskId, result: 'answered', revisitAt: 1000 },
        }),
      ),
    ).toBe(3);
    const leader = await testApp.signIn('leader');
    expect(
      await errCodeOf(leader.api.promo.spaContact({ body: { taskId: first!.taskId, result: 'answered' } })),
    ).toBe(404);
    expect(
      await errCodeOf(
        leader.api.promo.spaRevisit({ params: { id: first!.taskId }, body: { result: 'answered' } }),
      ),
    ).toBe(404);
    expect(
      await errCodeOf(leader.api.promo.spaShare({ params: { id: first!.taskId }, body: { channel: 'sms' } })),
    ).toBe(404);
  });

  it('makes do-not-contact final: the task closes, the lead is flagged for good and audited', async () => {
    const promoter = await testApp.signIn('promoter');
    const lead = (await promoter.api.promo.spaCurrentTask()).leads[2]!;
    const closed = await promoter.api.promo.spaContact({
      body: { taskId: lead.taskId, result: 'doNotContact' },
    });
    expect(closed.status).toBe(4);
    expect(closed.doNotContact).toBe(true);
    expect(
      await errCodeOf(promoter.api.promo.spaContact({ body: { taskId: lead.taskId, result: 'answered' } })),
    ).toBe(3007);
    expect(
      await errCodeOf(promoter.api.promo.spaShare({ params: { id: lead.taskId }, body: { channel: 'sms' } })),
    ).toBe(7001);
    await expect(
      testApp.database.pool.query('UPDATE spa_leads SET do_not_contact = false WHERE id = $1', [lead.leadId]),
    ).rejects.toThrow(/final/);
    const { rows } = await testApp.database.pool.query(
      "SELECT count(*) FROM audit_log WHERE action = 'promo.lead.doNotContact' AND object_id = $1",
      [String(lead.leadId)],
    );
    expect(Number(rows[0].count)).toBe(1);
    expect(
      (await promoter.api.promo.spaCurrentTask()).leads.some((open) => open.leadId === lead.leadId),
    ).toBe(false);
  });

  it('shares the registration link; a registration with the code closes the lead task as completed', async () => {
    const promoter = await testApp.signIn('promoter');
    const task = await promoter.api.promo.spaCurrentTask();
    const lead = task.leads.find((open) => open.status === 0)!;
    const shared = await promoter.api.promo.spaShare({
      params: { id: lead.taskId },
      body: { channel: 'whatsapp' },
    });
    expect(shared.shareCode).toBe(task.shareCode);
    expect(shared.link).toContain(task.shareCode);
    expect(shared.phone).toBe(lead.phone);
    expect(
      await errCodeOf(
        promoter.api.promo.spaShare({ params: { id: lead.taskId }, body: { channel: 'fax' as never } }),
      ),
    ).toBe(3);

    const player = await registerPlayer(testApp, `0${lead.phone}`, 12, task.shareCode);
    const after = await promoter.api.promo.spaPhoneList({ query: { status: 3 } });
    expect(after.items.map((row) => row.leadId)).toEqual([lead.leadId]);
    const { rows } = await testApp.database.pool.query(
      'SELECT promoter_id, lead_id FROM dc_attributions WHERE player_id = $1',
      [player.userId],
    );
    expect(Number(rows[0].promoter_id)).toBe(await userIdOf(testApp, 'promoter'));
    expect(Number(rows[0].lead_id)).toBe(lead.leadId);
  });

  it('refuses an unknown share code (7003) before creating the account, and a malformed one (3)', async () => {
    const client = testApp.client(12);
    const phone = '081299887766';
    await client.api.user.sendCode({ query: { phone, purpose: 'register' } });
    const { code } = await client.api.user.devLatestCode({ query: { phone, purpose: 'register' } });
    expect(
      await errCodeOf(
        client.api.user.register({ body: { phone, password: 'player123', code, shareCode: 'ZZZZZZZZ' } }),
      ),
    ).toBe(7003);
    expect(
      await errCodeOf(
        client.api.user.register({ body: { phone, password: 'player123', code, shareCode: 'bad code' } }),
      ),
    ).toBe(3);
    expect((await client.api.user.checkPhone({ body: { phone } })).registered).toBe(false);
    // The code was not spent by the refused attempts.
    const registered = await client.api.user.register({ body: { phone, password: 'player123', code } });
    expect(registered.user.phone).toBe('81299887766');
  });
});
