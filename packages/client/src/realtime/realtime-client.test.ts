// Proves the socket-layer error rules of spec §8 on the client: parsing and the app's reactions.
import { describe, expect, it } from 'vitest';
import {
  parseSocketError,
  RealtimeError,
  RealtimeState,
  reactToSocketError,
  realtimeUrl,
  socketReactionTo,
} from './realtime-client.ts';

describe('socket errors', () => {
  it('reads { errCode, errMsg } from an error message, else -1', () => {
    expect(parseSocketError(new Error('{"errCode":707,"errMsg":"token"}'))).toEqual({
      errCode: 707,
      errMsg: 'token',
    });
    expect(parseSocketError(new Error('Socket closed unexpectedly')).errCode).toBe(-1);
    expect(parseSocketError(new Error('{"errCode":"x"}')).errCode).toBe(-1);
    expect(parseSocketError('plain').errMsg).toBe('plain');
  });

  it('logs out on 707 and 1, reloads the token on 703, info dialog on 762/777/712/1', () => {
    expect(socketReactionTo(707)).toEqual({ dialog: 'error', logout: true, reloadToken: false });
    expect(socketReactionTo(1)).toEqual({ dialog: 'info', logout: true, reloadToken: false });
    expect(socketReactionTo(703)).toEqual({ dialog: 'error', logout: false, reloadToken: true });
    expect(socketReactionTo(777).dialog).toBe('info');
    expect(socketReactionTo(-1)).toEqual({ dialog: 'error', logout: false, reloadToken: false });
  });
});

describe('reactToSocketError', () => {
  function effectsOf(errCode: number, errMsg = 'pesan') {
    const done: string[] = [];
    reactToSocketError(new RealtimeError('failure', errCode, errMsg), {
      logout: () => done.push('logout'),
      reloadToken: () => done.push('reloadToken'),
      showDialog: (dialog) => done.push(`${dialog.kind}: ${dialog.message}`),
    });
    return done;
  }
  it('logs out on 707 and 1, reloads the token on 703, is silent on a dropped connection', () => {
    expect(effectsOf(707)).toEqual(['logout']);
    expect(effectsOf(1)).toEqual(['logout']);
    expect(effectsOf(703)).toEqual(['reloadToken']);
    expect(effectsOf(-1)).toEqual([]);
  });
  it('shows the info dialog with the message, or the error dialog with the code', () => {
    expect(effectsOf(777, 'sibuk')).toEqual(['info: sibuk']);
    expect(effectsOf(404, 'tidak ada')).toEqual(['error: tidak ada (Error Code: 404)']);
  });
});

describe('constants', () => {
  it('numbers the states as the spec does and builds the socket URL from an origin', () => {
    expect(RealtimeState).toEqual({ READY: 0, CONNECTING: 1, CONNECTED: 2, DISCONNECT: 3 });
    expect(realtimeUrl('https://pay.example')).toBe('wss://pay.example/api/main/ws');
    expect(realtimeUrl('http://127.0.0.1:8080/')).toBe('ws://127.0.0.1:8080/api/main/ws');
  });
});
