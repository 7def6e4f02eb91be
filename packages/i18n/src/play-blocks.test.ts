// Proves the 10001 messages: each play block in each language, an exclusion's end shown in the
// project's time zone (not the server's), a permanent self-exclusion without a date.
import { describe, expect, it } from 'vitest';
import { playBlockMessage } from './play-blocks.ts';

const until = new Date('2026-12-10T17:30:00Z');

describe('playBlockMessage', () => {
  it("names a cool-off's end in the project's time zone, in the caller's language", () => {
    const jakarta = playBlockMessage({ cause: 'cool_off', until, timeZone: 'Asia/Jakarta' }, 'id-ID');
    expect(jakarta).toMatch(/^Jeda aktif sampai .*: deposit dan taruhan diblokir$/);
    // 17:30 UTC is 00.30 the next day in Jakarta.
    expect(jakarta).toContain('11 Des 2026');
    expect(jakarta).toMatch(/00[.:]30/);
    const mexico = playBlockMessage({ cause: 'cool_off', until, timeZone: 'America/Mexico_City' }, 'es-MX');
    expect(mexico).toMatch(/^En pausa hasta el 10 dic 2026/);
    expect(mexico).toMatch(/11:30/);
  });

  it('says a self-exclusion is permanent when it has no end, and words every other block', () => {
    expect(playBlockMessage({ cause: 'self_exclusion', until: null }, 'en')).toBe(
      'Permanent self-exclusion: deposits and bets are blocked',
    );
    expect(playBlockMessage({ cause: 'self_exclusion', until, timeZone: 'Asia/Jakarta' }, 'en')).toMatch(
      /^Self-excluded until Dec 11, 2026/,
    );
    expect(playBlockMessage({ cause: 'under_age' }, 'id-ID')).toContain('usia');
    expect(playBlockMessage({ cause: 'age_undeclared' }, 'id-ID')).toContain('tanggal lahir');
    expect(playBlockMessage({ cause: 'limits_unvalued' }, 'es-MX')).toContain('límites');
    // An unknown language falls back as the error catalogue does.
    expect(playBlockMessage({ cause: 'under_age' }, 'xx')).toBe(
      playBlockMessage({ cause: 'under_age' }, undefined),
    );
  });
});
