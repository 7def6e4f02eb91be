// ROUNDS_MAX_STAKE: read once with the configuration, refused at start when it is not an asset's
// positive amount; what it leaves unset keeps the default.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';

describe('ROUNDS_MAX_STAKE', () => {
  const load = (value: string) => loadConfig({ NODE_ENV: 'test', ROUNDS_MAX_STAKE: value });

  it('takes a positive amount per asset, in its decimals', () => {
    expect(load('{"IDR": "5000000.00", "USDT": "250.5"}').rounds.maxStake).toEqual({
      IDR: '5000000.00',
      USDT: '250.5',
    });
    expect(loadConfig({ NODE_ENV: 'test' }).rounds.maxStake).toEqual({});
  });

  it('refuses anything else when the configuration loads', () => {
    for (const bad of [
      'nope',
      '[]',
      '{"XYZ": "1"}',
      '{"IDR": "0"}',
      '{"IDR": "1.001"}',
      '{"IDR": 5}',
      '{"YEC": "-1"}',
    ])
      expect(() => load(bad), bad).toThrow(/ROUNDS_MAX_STAKE/);
  });
});
