// Proves the player shell's reactions to failed calls (spec §8): info/error dialogs, logout on 1, /500 on 9.
import { ApiError } from '@payhub/client/errors.ts';
import { describe, expect, it } from 'vitest';
import type { MessageDialog } from '../../lib/dialog.store.ts';
import { reactToApiError } from './error-reactions.ts';

function record(code: number, message = 'pesan server', httpStatus: number | null = 200) {
  const dialogs: MessageDialog[] = [];
  const paths: string[] = [];
  let sessionsEnded = 0;
  reactToApiError(new ApiError(code, message, httpStatus), {
    showDialog: (dialog) => dialogs.push(dialog),
    texts: {
      networkError: 'Tidak dapat terhubung.',
      serverUnavailable: (status) => `Server sedang gangguan (kode ${status}).`,
    },
    endSession: () => {
      sessionsEnded += 1;
    },
    navigate: (path) => paths.push(path),
  });
  return { dialogs, paths, sessionsEnded };
}

describe('reactToApiError', () => {
  it('shows the info dialog with the bare server message for 762, 777 and 712', () => {
    for (const code of [762, 777, 712]) {
      expect(record(code)).toEqual({
        dialogs: [{ kind: 'info', message: 'pesan server' }],
        paths: [],
        sessionsEnded: 0,
      });
    }
  });

  it('on 1 shows the info dialog, ends the session and goes to sign-in', () => {
    expect(record(1, 'Sesi berakhir')).toEqual({
      dialogs: [{ kind: 'info', message: 'Sesi berakhir' }],
      paths: ['/login'],
      sessionsEnded: 1,
    });
  });

  it('shows the error dialog with the code for any other code, the session kept', () => {
    expect(record(7021, 'Nomor telepon atau kata sandi tidak valid')).toEqual({
      dialogs: [{ kind: 'error', message: 'Nomor telepon atau kata sandi tidak valid (Error Code: 7021)' }],
      paths: [],
      sessionsEnded: 0,
    });
  });

  it("says a network failure and a bare 5xx in the user's language, never the browser's English", () => {
    expect(record(-1, 'Failed to fetch', null).dialogs).toEqual([
      { kind: 'error', message: 'Tidak dapat terhubung.' },
    ]);
    expect(record(502, 'Bad Gateway', 502).dialogs).toEqual([
      { kind: 'error', message: 'Server sedang gangguan (kode 502).' },
    ]);
    // A 5xx with the server's own errCode keeps the server's message.
    expect(record(9001, 'Layanan sedang sibuk', 503).dialogs).toEqual([
      { kind: 'error', message: 'Layanan sedang sibuk (Error Code: 9001)' },
    ]);
  });

  it('on 9 goes to /500 without a dialog', () => {
    expect(record(9)).toEqual({ dialogs: [], paths: ['/500'], sessionsEnded: 0 });
  });
});
