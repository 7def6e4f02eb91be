// Proves the escalation of monitoring cases (docs/console.md "Monitoring cases"): a compliance
// officer escalates an open case to the admin with a note — the case stays open, the escalated queue
// (cases?escalated=true) lists it, the admin sees who and why, an audit line names the officer; a
// second escalation or one of a closed case answers 1044 and changes nothing; another project's case
// is 404; roles outside the table get 1031; bad input answers 3 and changes nothing. And the close of
// a reward-abuse case: its held rewards' decision, that decision's audit line and the close commit
// together (a refused close or a failed audit line leaves the rewards held and no line), and a case
// still holding rewards does not close without a decision (3).
import type { PayhubClient } from '@payhub/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, failure } from '../../../test/api-errors.ts';
import { refuseAudit } from '../../../test/refuse-audit.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';

let testApp: TestApp;
let compliance: PayhubClient;
let admin: PayhubClient;
let support: PayhubClient;
let complianceId: number;

beforeAll(async () => {
  testApp = await startTestApp({ env: { RATE_LIMIT_PER_MINUTE: '100000' } });
  compliance = await testApp.signIn('staff-compliance', 12);
  admin = await testApp.signIn('admin', 12);
  support = await testApp.signIn('staff-support', 12);
  complianceId = (await compliance.api.user.me()).id;
}, 120_000);
afterAll(async () => testApp?.close());

/** A velocity case of the project, as the payhub monitor opens one (the subject keeps it unique). */
async function openCase(projectId: number): Promise<number> {
  const result = await testApp.database.pool.query(
    `INSERT INTO payhub_cases (project_id, rule, subject_type, subject_id, details, opened_at)
     VALUES ($1, 'velocity', 'player', $2, '{"orders": 7, "windowMinutes": 10}', now()) RETURNING id`,
    [projectId, String(Math.floor(Math.random() * 1e9))],
  );
  return Number(result.rows[0].id);
}

async function caseRow(id: number) {
  const result = await testApp.database.pool.query(
    'SELECT status, escalated_at, escalated_by, escalation_note FROM payhub_cases WHERE id = $1',
    [id],
  );
  return result.rows[0];
}

async function auditLines(id: number) {
  const result = await testApp.database.pool.query(
    `SELECT actor_id, before, after FROM audit_log WHERE action = 'case.escalate' AND object_id = $1`,
    [String(id)],
  );
  return result.rows;
}

describe('case escalation', () => {
  it('compliance escalates an open case with a note: queue, who and why, audited once; the case stays open', async () => {
    const id = await openCase(12);
    const other = await openCase(12);
    const escalated = await compliance.api.console.escalateCase({
      params: { id },
      body: { note: '  Pola setoran mirip akun lain; mohon keputusan admin.  ' },
    });
    expect(escalated).toMatchObject({
      id,
      status: 'open',
      escalatedBy: complianceId,
      escalationNote: 'Pola setoran mirip akun lain; mohon keputusan admin.',
    });
    expect(escalated.escalatedAt).not.toBeNull();

    const queue = await admin.api.console.cases({ query: { status: 'open', escalated: true, count: 100 } });
    expect(queue.items.map((item) => item.id)).toContain(id);
    expect(queue.items.map((item) => item.id)).not.toContain(other);
    for (const item of queue.items) expect(item.escalatedAt).not.toBeNull();
    const rest = await admin.api.console.cases({ query: { status: 'open', escalated: false, count: 100 } });
    expect(rest.items.map((item) => item.id)).toContain(other);
    expect(rest.items.map((item) => item.id)).not.toContain(id);

    const lines = await auditLines(id);
    expect(lines).toHaveLength(1);
    expect(Number(lines[0].actor_id)).toBe(complianceId);
    expect(lines[0].before).toMatchObject({ escalated: false });
    expect(lines[0].after).toMatchObject({ escalated: true, note: escalated.escalationNote });

    // Once only: a second escalation answers 1044 and keeps the first note; the admin still closes it.
    expect(
      await codeOf(compliance.api.console.escalateCase({ params: { id }, body: { note: 'again please' } })),
    ).toBe(1044);
    expect((await caseRow(id)).escalation_note).toBe(escalated.escalationNote);
    await admin.api.console.closeCase({
      params: { id },
      body: { resolution: 'Diperiksa; bukan pencucian.' },
    });
    expect((await caseRow(id)).status).toBe('closed');
    expect(await auditLines(id)).toHaveLength(1);
  });

  it('a closed case, another project or an unknown id: refused, nothing changes', async () => {
    const closed = await openCase(12);
    await compliance.api.console.closeCase({ params: { id: closed }, body: { resolution: 'ok' } });
    expect(
      await codeOf(
        compliance.api.console.escalateCase({ params: { id: closed }, body: { note: 'too late' } }),
      ),
    ).toBe(1044);
    expect((await caseRow(closed)).escalated_at).toBeNull();
    const foreign = await openCase(10);
    expect(
      await codeOf(
        compliance.api.console.escalateCase({ params: { id: foreign }, body: { note: 'not mine' } }),
      ),
    ).toBe(404);
    expect((await caseRow(foreign)).escalated_at).toBeNull();
    expect(
      await codeOf(
        compliance.api.console.escalateCase({ params: { id: 999_999_999 }, body: { note: 'none' } }),
      ),
    ).toBe(404);
  });

  it('only compliance escalates (1031 for support and the admin); bad input answers 3 and changes nothing', async () => {
    const id = await openCase(12);
    expect(
      await codeOf(support.api.console.escalateCase({ params: { id }, body: { note: 'escalate' } })),
    ).toBe(1031);
    expect(await codeOf(admin.api.console.escalateCase({ params: { id }, body: { note: 'escalate' } }))).toBe(
      1031,
    );
    const bad: Array<[string, () => Promise<unknown>]> = [
      ['empty note', () => compliance.api.console.escalateCase({ params: { id }, body: { note: '  ' } })],
      ['short note', () => compliance.api.console.escalateCase({ params: { id }, body: { note: 'ok' } })],
      [
        'long note',
        () => compliance.api.console.escalateCase({ params: { id }, body: { note: 'x'.repeat(501) } }),
      ],
      [
        'extra field',
        () =>
          compliance.api.console.escalateCase({
            params: { id },
            body: { note: 'fine', to: 'admin' } as never,
          }),
      ],
      [
        'bad id',
        () => compliance.api.console.escalateCase({ params: { id: 'x' as never }, body: { note: 'fine' } }),
      ],
      ['bad filter', () => compliance.api.console.cases({ query: { escalated: 'maybe' as never } })],
    ];
    for (const [name, call] of bad) expect(await codeOf(call()), name).toBe(3);
    expect(await caseRow(id)).toMatchObject({ status: 'open', escalated_at: null, escalation_note: null });
    expect(await auditLines(id)).toHaveLength(0);
  });
});

describe('monitoring thresholds per project', () => {
  const defaults = {
    velocityMaxOrders: 5,
    velocityWindowMinutes: 10,
    reportingThreshold: '10000000.00',
    justUnderBps: 500,
    manyPayersMax: 8,
    manyPayersWindowHours: 24,
  };
  const stored = async () =>
    (await testApp.database.pool.query('SELECT * FROM payhub_monitoring_rules WHERE project_id = 12'))
      .rows[0];
  const auditCount = async () =>
    Number(
      (
        await testApp.database.pool.query(
          `SELECT count(*) FROM audit_log WHERE action = 'monitoring.rules.update' AND project_id = 12`,
        )
      ).rows[0].count,
    );

  it('compliance sets them; the cases screen shows them; the deposit monitor applies them; audited before/after', async () => {
    const shown = await compliance.api.console.cases({ query: {} });
    expect(shown.rules.justUnderThreshold.threshold).toBe('10000000.00');
    expect(shown.rules.updatedAt).toBeNull();
    expect(shown.rules.thresholdBounds).toEqual({ min: '10000.00', max: '1000000000.00' });

    const set = await compliance.api.console.setMonitoringRules({
      body: {
        ...defaults,
        reportingThreshold: '5000000.00',
        velocityMaxOrders: 3,
        manyPayersWindowHours: 12,
      },
    });
    expect(set).toMatchObject({
      velocity: { maxOrders: 3, windowMinutes: 10 },
      justUnderThreshold: { threshold: '5000000.00', currency: 'IDR', withinBps: 500 },
      manyPayersOneCard: { maxPayers: 8, windowHours: 12 },
      updatedBy: complianceId,
    });
    expect((await admin.api.console.cases({ query: {} })).rules).toEqual(set);
    const lines = await testApp.database.pool.query(
      `SELECT actor_id, before, after FROM audit_log WHERE action = 'monitoring.rules.update' ORDER BY id DESC LIMIT 1`,
    );
    expect(Number(lines.rows[0].actor_id)).toBe(complianceId);
    expect(lines.rows[0].before).toMatchObject({ reportingThreshold: '10000000.00', velocityMaxOrders: 5 });
    expect(lines.rows[0].after).toMatchObject({ reportingThreshold: '5000000.00', velocityMaxOrders: 3 });

    // A deposit of 4,900,000 is "just under" the project's new 5,000,000 threshold: the monitor opens a case.
    const player = await testApp.signIn('player', 12);
    const playerId = (await player.api.user.me()).id;
    await player.api.payhub
      .createOrder({ body: { amount: '4900000.00', bankCode: 'BCA' } })
      .catch(() => null);
    const cases = await testApp.database.pool.query(
      `SELECT details FROM payhub_cases WHERE project_id = 12 AND rule = 'just_under_threshold'
          AND (details->>'playerId')::bigint = $1`,
      [playerId],
    );
    expect(cases.rows.map((row) => row.details.threshold)).toContain('5000000.00');
    // Project 10 keeps its defaults.
    expect(
      (
        await testApp.database.pool.query(
          'SELECT count(*) FROM payhub_monitoring_rules WHERE project_id = 10',
        )
      ).rows[0].count,
    ).toBe('0');
    await admin.api.console.setMonitoringRules({ body: defaults });
  });

  it('out of bounds or malformed: 3 and nothing changes; roles outside the table: 1031', async () => {
    await admin.api.console.setMonitoringRules({ body: defaults });
    const before = await stored();
    const lines = await auditCount();
    const bad: Array<[string, Record<string, unknown>]> = [
      ['no orders', { ...defaults, velocityMaxOrders: 0 }],
      ['too many orders', { ...defaults, velocityMaxOrders: 101 }],
      ['window over a day', { ...defaults, velocityWindowMinutes: 1441 }],
      ['threshold below the deposit minimum', { ...defaults, reportingThreshold: '9999.99' }],
      ['threshold over a hundred times', { ...defaults, reportingThreshold: '1000000000.01' }],
      ['threshold not money', { ...defaults, reportingThreshold: '1e7' }],
      ['margin over half', { ...defaults, justUnderBps: 5001 }],
      ['margin fraction', { ...defaults, justUnderBps: 12.5 }],
      ['one payer', { ...defaults, manyPayersMax: 1 }],
      ['window over a week', { ...defaults, manyPayersWindowHours: 169 }],
      ['missing field', { velocityMaxOrders: 5 }],
      ['extra field', { ...defaults, rule: 'velocity' }],
    ];
    for (const [name, body] of bad)
      expect(await codeOf(compliance.api.console.setMonitoringRules({ body: body as never })), name).toBe(3);
    expect(await stored()).toEqual(before);
    expect(await auditCount()).toBe(lines);
    expect(await codeOf(support.api.console.setMonitoringRules({ body: defaults }))).toBe(1031);
    const finance = await testApp.signIn('staff-finance', 12);
    expect(await codeOf(finance.api.console.setMonitoringRules({ body: defaults }))).toBe(1031);
    expect(await stored()).toEqual(before);
  });
});

describe('closing a reward-abuse case', () => {
  /**
   * An open reward-abuse case of project 12 holding one referral bonus of Rp 5,000 (as the bonus scan
   * holds one: releasing it only makes it wait for its day, no money moves), for a player of the
   * project and a source player no other referral bonus names.
   */
  async function heldCase(): Promise<{ caseId: number; bonusId: number }> {
    const pool = testApp.database.pool;
    const player = (await pool.query(`SELECT id FROM users ORDER BY id LIMIT 1`)).rows[0].id;
    const source = (
      await pool.query(
        `SELECT id FROM users WHERE id NOT IN (SELECT source_player_id FROM rewards_bonuses WHERE kind = 'referral')
          ORDER BY id LIMIT 1`,
      )
    ).rows[0].id;
    const opened = await pool.query(
      `INSERT INTO payhub_cases (project_id, rule, subject_type, subject_id, details, opened_at)
       VALUES (12, 'reward_abuse', 'player', $1, '{"reward":"first_deposit"}', now()) RETURNING id`,
      [String(source)],
    );
    const caseId = Number(opened.rows[0].id);
    const bonus = await pool.query(
      `INSERT INTO rewards_bonuses (project_id, player_id, kind, source_player_id, deposit_transfer, deposit_amount,
                                    asset, amount, wager_required, state, due_at, hold_reasons, case_id,
                                    created_at, updated_at)
       VALUES (12, $1, 'referral', $2, $3, 5000000, 'IDR', 500000, 0, 'held', now(), '{same_device}', $4, now(), now())
       RETURNING id`,
      [player, source, `test:held:${caseId}`, caseId],
    );
    return { caseId, bonusId: Number(bonus.rows[0].id) };
  }
  const bonusState = async (id: number) =>
    (await testApp.database.pool.query('SELECT state FROM rewards_bonuses WHERE id = $1', [id])).rows[0]
      .state;
  const linesOf = async (caseId: number) =>
    (
      await testApp.database.pool.query(
        `SELECT action FROM audit_log WHERE object_id = $1 AND object_type IN ('case', 'payhub_case') ORDER BY id`,
        [String(caseId)],
      )
    ).rows.map((row) => row.action);

  it('a case still holding rewards does not close without a decision: 3 naming heldRewards, nothing changes', async () => {
    const { caseId, bonusId } = await heldCase();
    const refused = await failure(
      compliance.api.console.closeCase({ params: { id: caseId }, body: { resolution: 'looked fine' } }),
    );
    expect(refused.errCode).toBe(3);
    expect(refused.message).toContain('heldRewards');
    expect((await caseRow(caseId)).status).toBe('open');
    expect(await bonusState(bonusId)).toBe('held');
    expect(await linesOf(caseId)).toEqual([]);
    // With the decision it closes: the bonus waits for its day again, both lines written.
    await compliance.api.console.closeCase({
      params: { id: caseId },
      body: { resolution: 'looked fine', heldRewards: 'release' },
    });
    expect((await caseRow(caseId)).status).toBe('closed');
    expect(await bonusState(bonusId)).toBe('pending');
    expect(await linesOf(caseId)).toEqual(['case.close', 'rewards.held.release']);
  });

  it('a close refused (closed meanwhile: 1044) leaves the rewards held and writes no line', async () => {
    const { caseId, bonusId } = await heldCase();
    // Another admin closed it a moment before (its rewards still held, as before this fix could leave them).
    await testApp.database.pool.query(
      `UPDATE payhub_cases SET status = 'closed', closed_at = now(), closed_by = $2, resolution = 'closed elsewhere'
        WHERE id = $1`,
      [caseId, (await admin.api.user.me()).id],
    );
    expect(
      await codeOf(
        compliance.api.console.closeCase({
          params: { id: caseId },
          body: { resolution: 'void them', heldRewards: 'void' },
        }),
      ),
    ).toBe(1044);
    expect(await bonusState(bonusId)).toBe('held');
    expect(await linesOf(caseId)).toEqual([]);
  });

  it('a failed audit line of the decision rolls back the decision and the close', async () => {
    const { caseId, bonusId } = await heldCase();
    const allow = await refuseAudit(testApp, 'rewards.held.void');
    try {
      expect(
        await codeOf(
          compliance.api.console.closeCase({
            params: { id: caseId },
            body: { resolution: 'abuse confirmed', heldRewards: 'void' },
          }),
        ),
      ).not.toBe(-1);
    } finally {
      await allow();
    }
    expect((await caseRow(caseId)).status).toBe('open');
    expect(await bonusState(bonusId)).toBe('held');
    expect(await linesOf(caseId)).toEqual([]);
    await compliance.api.console.closeCase({
      params: { id: caseId },
      body: { resolution: 'abuse confirmed', heldRewards: 'void' },
    });
    expect((await caseRow(caseId)).status).toBe('closed');
    expect(await bonusState(bonusId)).toBe('void');
    expect(await linesOf(caseId)).toEqual(['case.close', 'rewards.held.void']);
  });
});
