// Proves identity tier 2 and what the tiers govern: an ID document and a selfie are stored only when
// their bytes are png/jpeg/webp of at most 2 MiB, after tier 1, one open submission at a time; only
// the owner and compliance staff of the project read them; a reject carries its reason and allows a
// new submission, an approval makes tier 2; every decision (and view) is an audit line, and each is told
// to the player once, in Indonesian, by inbox mail and by email to the bound address. Bank
// withdrawals are limited per tier (per withdrawal and per local day, 7051, parallel requests
// included); a bank account's holder must be the declared name (3041). Bad input changes nothing.
import type { PayhubClient } from '@payhub/client';
import { contracts } from '@payhub/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure } from '../../../test/payhub-helpers.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';

let testApp: TestApp;
let player: PayhubClient;
let compliance: PayhubClient;

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('0000000d49484452000000010000000108060000001f15c489', 'hex'),
]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('JFIF-selfie-body')]);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>');

// Project 12's tier limits made small so a wallet of Rp 1.000.000 can reach them.
const TIER_LIMITS = {
  '12': {
    '0': { IDR: { perWithdrawal: '300000.00', daily: '500000.00' } },
    '1': { IDR: { perWithdrawal: '400000.00', daily: '600000.00' } },
  },
};

beforeAll(async () => {
  testApp = await startTestApp({
    env: { RATE_LIMIT_PER_MINUTE: '100000', WITHDRAW_TIER_LIMITS: JSON.stringify(TIER_LIMITS) },
  });
  testApp.clock.set(new Date('2026-11-24T05:00:00Z'));
  player = await testApp.signIn('player');
  compliance = await testApp.signIn('staff-compliance');
}, 120_000);
afterAll(async () => testApp?.close());

const errCode = async (promise: Promise<unknown>) => (await failure(promise)).errCode;

function files(parts: Array<[string, Buffer, string]>): FormData {
  const data = new FormData();
  for (const [field, bytes, type] of parts)
    data.append(field, new Blob([new Uint8Array(bytes)], { type }), `${field}.bin`);
  return data;
}
const submit = (client: PayhubClient, body: FormData) =>
  client.http.call(contracts.identity.submitDocuments, { body }) as ReturnType<
    PayhubClient['api']['identity']['get']
  >;
const rows = async () =>
  Number((await testApp.database.pool.query('SELECT count(*)::int AS n FROM identity_documents')).rows[0].n);

describe('tier 2: documents and selfie', () => {
  it('needs tier 1 first, and refuses anything but two png/jpeg/webp images of at most 2 MiB', async () => {
    const good = () =>
      files([
        ['document', PNG, 'image/png'],
        ['selfie', JPEG, 'image/jpeg'],
      ]);
    expect(await errCode(submit(player, good()))).toBe(7052);
    await player.api.identity.declare({ body: { fullName: 'Budi Santoso', birthDate: '1990-04-02' } });
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    for (const body of [
      files([['document', PNG, 'image/png']]),
      files([['selfie', JPEG, 'image/jpeg']]),
      files([
        ['document', SVG, 'image/png'],
        ['selfie', JPEG, 'image/jpeg'],
      ]),
      files([
        ['document', PNG, 'image/png'],
        ['selfie', Buffer.from('just text'), 'image/jpeg'],
      ]),
      files([
        ['document', Buffer.alloc(0), 'image/png'],
        ['selfie', JPEG, 'image/jpeg'],
      ]),
      files([
        ['document', big, 'image/png'],
        ['selfie', JPEG, 'image/jpeg'],
      ]),
      files([
        ['passport', PNG, 'image/png'],
        ['selfie', JPEG, 'image/jpeg'],
      ]),
      files([
        ['document', PNG, 'image/png'],
        ['document', PNG, 'image/png'],
      ]),
      files([
        ['document', PNG, 'image/png'],
        ['selfie', JPEG, 'image/jpeg'],
        ['extra', PNG, 'image/png'],
      ]),
    ])
      expect(await errCode(submit(player, body))).toBe(3);
    const text = new FormData();
    text.append('document', 'not a file');
    text.append('selfie', 'not a file');
    expect(await errCode(submit(player, text))).toBe(3);
    const json = await fetch(`${testApp.baseUrl}/main/user/identity/documents`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', main_token: player.getToken() ?? '' },
      body: '{}',
    });
    expect((await json.json()).errCode).toBe(3);
    expect(await rows()).toBe(0);
    expect((await player.api.identity.get()).review).toBeNull();
  });

  it('stores a submission once; only the owner and compliance staff read the images', async () => {
    const view = await submit(
      player,
      files([
        ['document', PNG, 'image/png'],
        ['selfie', JPEG, 'image/jpeg'],
      ]),
    );
    expect(view).toMatchObject({ tier: 1, review: { status: 'pending', reason: null, decidedAt: null } });
    const id = view.review!.id;
    expect(
      await errCode(
        submit(
          player,
          files([
            ['document', PNG, 'image/png'],
            ['selfie', JPEG, 'image/jpeg'],
          ]),
        ),
      ),
    ).toBe(7053);
    expect(await rows()).toBe(1);
    const own = await player.api.identity.documentImages({ params: { id } });
    expect(own.document.mime).toBe('image/png');
    expect(Buffer.from(own.document.dataUrl.split(',')[1]!, 'base64').equals(PNG)).toBe(true);
    expect(own.selfie.dataUrl.startsWith('data:image/jpeg;base64,')).toBe(true);
    // Another player, another project's staff, a role without the right: nothing.
    const other = await testApp.signIn('player-2');
    expect(await errCode(other.api.identity.documentImages({ params: { id } }))).toBe(404);
    expect(await errCode(other.api.console.kycImages({ params: { id } }))).toBe(1031);
    const support = await testApp.signIn('staff-support');
    expect(await errCode(support.api.console.kycQueue({ query: {} }))).toBe(1031);
    expect(await errCode(support.api.console.approveKyc({ params: { id }, body: {} }))).toBe(1031);
    const queue = await compliance.api.console.kycQueue({ query: {} });
    expect(queue.items).toHaveLength(1);
    expect(queue.items[0]).toMatchObject({
      id,
      fullName: 'Budi Santoso',
      birthDate: '1990-04-02',
      status: 'pending',
    });
    const images = await compliance.api.console.kycImages({ params: { id } });
    expect(images.selfie.mime).toBe('image/jpeg');
  });

  it('a rejection carries its reason and allows a new submission; an approval makes tier 2; all audited and told', async () => {
    const first = (await player.api.identity.get()).review!.id;
    // The player's bound email (the embedded SMTP capture reads what reaches it).
    const email = 'kyc.pemain@example.com';
    await player.api.email.sendCode({ body: { email } });
    const mailed = await testApp.client().api.email.devLatestMail({ query: { to: email } });
    await player.api.email.bind({ body: { email, code: /\b(\d{6})\b/.exec(mailed.text)![1]! } });
    const inboxTitled = async (title: string) =>
      (await player.api.inbox.list({ query: { page: 1, count: 50 } })).items.filter(
        (mail) => mail.title === title,
      );
    for (const body of [
      { reason: 'no' },
      { reason: '' },
      {},
      { reason: 'x'.repeat(501) },
      { reason: 'blurred', extra: 1 },
    ])
      expect(
        await errCode(compliance.api.console.rejectKyc({ params: { id: first }, body: body as never })),
      ).toBe(3);
    expect(
      await errCode(
        compliance.api.console.rejectKyc({ params: { id: 999_999 }, body: { reason: 'blurred' } }),
      ),
    ).toBe(404);
    const rejected = await compliance.api.console.rejectKyc({
      params: { id: first },
      body: { reason: 'Foto KTP buram' },
    });
    expect(rejected).toMatchObject({ status: 'rejected', reason: 'Foto KTP buram' });
    expect(await errCode(compliance.api.console.approveKyc({ params: { id: first }, body: {} }))).toBe(7054);
    expect((await player.api.identity.get()).review).toMatchObject({
      status: 'rejected',
      reason: 'Foto KTP buram',
    });
    expect((await player.api.identity.get()).tier).toBe(1);
    // Told once: the inbox and the email say it was rejected, why, and where to send new photos.
    const rejectedMails = await inboxTitled('Verifikasi identitas ditolak');
    expect(rejectedMails).toHaveLength(1);
    expect(rejectedMails[0]!.content).toContain('Alasan: Foto KTP buram.');
    expect(rejectedMails[0]!.content).toContain('Akun & keamanan › Identitas');
    const rejectedEmail = await testApp.client().api.email.devLatestMail({ query: { to: email } });
    expect(rejectedEmail).toMatchObject({ subject: 'Verifikasi identitas ditolak', language: 'id-ID' });
    expect(rejectedEmail.text.trim()).toBe(rejectedMails[0]!.content);

    const again = await submit(
      player,
      files([
        ['document', JPEG, 'image/jpeg'],
        ['selfie', PNG, 'image/png'],
      ]),
    );
    const second = again.review!.id;
    expect(second).not.toBe(first);
    // Parallel approvals: one decides, the other finds it decided.
    const answers = await Promise.allSettled([
      compliance.api.console.approveKyc({ params: { id: second }, body: {} }),
      compliance.api.console.approveKyc({ params: { id: second }, body: {} }),
    ]);
    expect(answers.filter((answer) => answer.status === 'fulfilled')).toHaveLength(1);
    const view = await player.api.identity.get();
    expect(view).toMatchObject({ tier: 2, review: { id: second, status: 'approved', reason: null } });
    // One approval decided, so one approval is told (the refused one tells nothing).
    const approvedMails = await inboxTitled('Verifikasi identitas disetujui');
    expect(approvedMails).toHaveLength(1);
    expect(approvedMails[0]!.content).toContain('tingkat 2');
    const approvedEmail = await testApp.client().api.email.devLatestMail({ query: { to: email } });
    expect(approvedEmail.subject).toBe('Verifikasi identitas disetujui');
    expect(approvedEmail.text.trim()).toBe(approvedMails[0]!.content);
    expect(view.withdrawLimits).toContainEqual({
      asset: 'IDR',
      perWithdrawal: '100000000.00',
      daily: '500000000.00',
    });
    expect(
      await errCode(
        submit(
          player,
          files([
            ['document', PNG, 'image/png'],
            ['selfie', JPEG, 'image/jpeg'],
          ]),
        ),
      ),
    ).toBe(7053);
    const audit = await testApp.database.pool.query(
      `SELECT action, object_id, actor_id, after FROM audit_log WHERE object_type = 'identity_document' ORDER BY id`,
    );
    const complianceId = (await compliance.api.user.me()).id;
    expect(audit.rows.map((row) => [row.action, row.object_id])).toEqual([
      ['identity.kyc.view', String(first)],
      ['identity.kyc.reject', String(first)],
      ['identity.kyc.approve', String(second)],
    ]);
    expect(audit.rows.every((row) => Number(row.actor_id) === complianceId)).toBe(true);
    expect(audit.rows[1].after).toMatchObject({ status: 'rejected', reason: 'Foto KTP buram' });
    const approvedQueue = await compliance.api.console.kycQueue({ query: { status: 'approved' } });
    expect(approvedQueue.items.map((item) => item.id)).toEqual([second]);
    expect((await compliance.api.console.kycQueue({ query: {} })).items).toEqual([]);
  });
});

describe('tier withdrawal limits and the holder name', () => {
  it('a bank holder must be the declared name, compared without case, spaces or diacritics', async () => {
    // player declared "Budi Santoso" above.
    for (const holderName of ['Budi', 'Santoso Budi', 'Budi Santosa'])
      expect(
        await errCode(
          player.api.withdraw.bankAdd({ body: { bankCode: 'BCA', accountNo: '7770001111', holderName } }),
        ),
        holderName,
      ).toBe(3041);
    expect((await player.api.withdraw.bankList()).items).toHaveLength(0);
    const account = await player.api.withdraw.bankAdd({
      body: { bankCode: 'BCA', accountNo: '7770001111', holderName: '  BÚDI   santoso ' },
    });
    expect(
      await errCode(
        player.api.withdraw.bankUpdate({
          params: { id: account.id },
          body: { bankCode: 'BCA', accountNo: '7770001111', holderName: 'Someone Else' },
        }),
      ),
    ).toBe(3041);
    // A tier-0 player of a play-money project may add any holder (nothing declared to compare).
    const tierZero = await testApp.signIn('player-2');
    await tierZero.api.withdraw.bankAdd({
      body: { bankCode: 'BNI', accountNo: '7770002222', holderName: 'Rina' },
    });
  });

  it('tier 0: per withdrawal and per local day, parallel requests included; a cancel frees the room', async () => {
    const tierZero = await testApp.signIn('player-2');
    expect((await tierZero.api.identity.get()).withdrawLimits).toContainEqual({
      asset: 'IDR',
      perWithdrawal: '300000.00',
      daily: '500000.00',
    });
    const bankAccountId = (await tierZero.api.withdraw.bankList()).items[0]!.id;
    const create = (amount: string) => tierZero.api.withdraw.create({ body: { amount, bankAccountId } });
    expect(await errCode(create('300000.01'))).toBe(7051);
    await create('300000.00');
    const second = await create('150000.00');
    expect(await errCode(create('50000.01'))).toBe(7051);
    await tierZero.api.withdraw.cancel({ params: { id: second.id } });
    // 200,000 of room left: of ten parallel 50,000 withdrawals exactly four pass.
    const answers = await Promise.allSettled(Array.from({ length: 10 }, () => create('50000.00')));
    expect(answers.filter((answer) => answer.status === 'fulfilled')).toHaveLength(4);
    expect(
      answers
        .filter((answer): answer is PromiseRejectedResult => answer.status === 'rejected')
        .map((answer) => (answer.reason as { errCode: number }).errCode),
    ).toEqual(Array(6).fill(7051));
    // The next local day (Jakarta midnight) starts a new total.
    testApp.clock.set(new Date('2026-11-24T17:00:01Z'));
    await create('60000.00');
    testApp.clock.set(new Date('2026-11-24T05:00:00Z'));
  });

  it('tier 2 takes the tier-2 limits (the defaults here); an under-age player withdraws nothing', async () => {
    const bankAccountId = (await player.api.withdraw.bankList()).items[0]!.id;
    // Over the tier-0 and tier-1 limits of this project: allowed at tier 2.
    await player.api.withdraw.create({ body: { amount: '450000.00', bankAccountId } });
    const young = await testApp.signIn('player-2', 10);
    await young.api.identity.declare({ body: { fullName: 'Adik Kecil', birthDate: '2010-01-01' } });
    const account = await young.api.withdraw.bankAdd({
      body: { bankCode: 'BRI', accountNo: '7770003333', holderName: 'adik kecil' },
    });
    expect(
      await errCode(young.api.withdraw.create({ body: { amount: '50000.00', bankAccountId: account.id } })),
    ).toBe(10001);
  });
});
