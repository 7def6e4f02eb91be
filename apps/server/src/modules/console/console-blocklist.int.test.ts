// Proves the console's AML blocklist (docs/console.md "Crypto"): compliance adds a USDT address with
// a reason and removes it through the chain module's admin entry points — each change an audit line
// naming the officer; payments reads the list but may not change it; support and finance get 1031;
// a malformed address or an empty reason answers 3 and the list stays as it was; removing an address
// that is not listed answers 404. Each project keeps its own list: compliance of project 10 neither
// sees project 12's entries nor can remove them, and lists the same address on its own.
import type { PayhubClient } from '@payhub/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf } from '../../../test/api-errors.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';

let testApp: TestApp;
let compliance: PayhubClient;
let payments: PayhubClient;
let support: PayhubClient;
let finance: PayhubClient;
let complianceId: number;

const ADDRESS = '0x1111111111111111111111111111111111111abc';

beforeAll(async () => {
  testApp = await startTestApp({ env: { RATE_LIMIT_PER_MINUTE: '100000' } });
  compliance = await testApp.signIn('staff-compliance', 12);
  payments = await testApp.signIn('staff-payments', 12);
  support = await testApp.signIn('staff-support', 12);
  finance = await testApp.signIn('staff-finance', 12);
  complianceId = (await compliance.api.user.me()).id;
}, 120_000);
afterAll(async () => testApp?.close());

const audit = async (action: string) =>
  (
    await testApp.database.pool.query(
      'SELECT actor_id, before, after FROM audit_log WHERE action = $1 AND object_id = $2 ORDER BY id',
      [action, ADDRESS],
    )
  ).rows;

describe('console AML blocklist', () => {
  it('compliance adds and removes an address; payments reads it; each change audited with the officer', async () => {
    const before = await payments.api.console.chainBlocklist();
    expect(before.enabled).toBe(true);
    expect(before.items.map((item) => item.address.toLowerCase())).not.toContain(ADDRESS);

    const added = await compliance.api.console.blockChainAddress({
      body: {
        address: ADDRESS,
        reason: '  Alamat penipuan yang dilaporkan  ',
      },
    });
    expect(added.address.toLowerCase()).toBe(ADDRESS);
    expect(added.reason).toBe('Alamat penipuan yang dilaporkan');
    const listed = await payments.api.console.chainBlocklist();
    expect(listed.items.find((item) => item.address.toLowerCase() === ADDRESS)?.reason).toBe(
      'Alamat penipuan yang dilaporkan',
    );
    const adds = await audit('chain.blocklist.add');
    expect(adds).toHaveLength(1);
    expect(Number(adds[0].actor_id)).toBe(complianceId);

    // Payments may read but not change it; support and finance see nothing.
    expect(await codeOf(payments.api.console.unblockChainAddress({ params: { address: ADDRESS } }))).toBe(
      1031,
    );
    expect(await codeOf(support.api.console.chainBlocklist())).toBe(1031);
    expect(
      await codeOf(finance.api.console.blockChainAddress({ body: { address: ADDRESS, reason: 'x' } })),
    ).toBe(1031);

    const removed = await compliance.api.console.unblockChainAddress({ params: { address: ADDRESS } });
    expect(removed.address.toLowerCase()).toBe(ADDRESS);
    expect(
      (await payments.api.console.chainBlocklist()).items.map((item) => item.address.toLowerCase()),
    ).not.toContain(ADDRESS);
    const removes = await audit('chain.blocklist.remove');
    expect(removes).toHaveLength(1);
    expect(Number(removes[0].actor_id)).toBe(complianceId);
    expect(removes[0].before).toMatchObject({ reason: 'Alamat penipuan yang dilaporkan' });
    expect(await codeOf(compliance.api.console.unblockChainAddress({ params: { address: ADDRESS } }))).toBe(
      404,
    );
  });

  it("each project keeps its own list: another project's officer neither sees nor removes its entries", async () => {
    const otherCompliance = await testApp.signIn('staff-compliance', 10);
    await compliance.api.console.blockChainAddress({
      body: { address: ADDRESS, reason: 'Daftar proyek 12' },
    });
    const otherBefore = await otherCompliance.api.console.chainBlocklist();
    expect(otherBefore.items.map((item) => item.address.toLowerCase())).not.toContain(ADDRESS);
    expect(
      await codeOf(otherCompliance.api.console.unblockChainAddress({ params: { address: ADDRESS } })),
    ).toBe(404);
    // Its own entry for the same address is its own, with its own reason; removing it leaves project 12's.
    const own = await otherCompliance.api.console.blockChainAddress({
      body: { address: ADDRESS, reason: 'Daftar proyek 10' },
    });
    expect(own.reason).toBe('Daftar proyek 10');
    await otherCompliance.api.console.unblockChainAddress({ params: { address: ADDRESS } });
    expect(await otherCompliance.api.console.chainBlocklist()).toEqual(otherBefore);
    const listed = await compliance.api.console.chainBlocklist();
    expect(listed.items.find((item) => item.address.toLowerCase() === ADDRESS)?.reason).toBe(
      'Daftar proyek 12',
    );
    await compliance.api.console.unblockChainAddress({ params: { address: ADDRESS } });
  });

  it('bad input answers 3 and the list stays as it was', async () => {
    const before = await compliance.api.console.chainBlocklist();
    const addsBefore = (await audit('chain.blocklist.add')).length;
    const bad: Array<[string, () => Promise<unknown>]> = [
      [
        'short address',
        () => compliance.api.console.blockChainAddress({ body: { address: '0x1234', reason: 'r' } }),
      ],
      [
        'not hex',
        () =>
          compliance.api.console.blockChainAddress({
            body: { address: `0x${'z'.repeat(40)}`, reason: 'r' },
          }),
      ],
      [
        'empty reason',
        () => compliance.api.console.blockChainAddress({ body: { address: ADDRESS, reason: '  ' } }),
      ],
      [
        'long reason',
        () =>
          compliance.api.console.blockChainAddress({ body: { address: ADDRESS, reason: 'x'.repeat(201) } }),
      ],
      [
        'extra field',
        () =>
          compliance.api.console.blockChainAddress({
            body: { address: ADDRESS, reason: 'r', projectId: 10 } as never,
          }),
      ],
      [
        'bad checksum',
        () =>
          compliance.api.console.blockChainAddress({
            body: { address: '0x1111111111111111111111111111111111111ABc', reason: 'r' },
          }),
      ],
      ['bad path address', () => compliance.api.console.unblockChainAddress({ params: { address: 'nope' } })],
    ];
    for (const [name, call] of bad) expect(await codeOf(call()), name).toBe(3);
    expect(await compliance.api.console.chainBlocklist()).toEqual(before);
    expect(await audit('chain.blocklist.add')).toHaveLength(addsBefore);
  });
});
