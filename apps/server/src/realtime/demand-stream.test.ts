// Proves request-n accounting on the responder side: demand counted and clamped, bounded waiting.
import { describe, expect, it } from 'vitest';
import { clampRequestN, DemandStream, type StreamSubscriber } from './demand-stream.ts';

function recorder() {
  const events: string[] = [];
  const subscriber: StreamSubscriber = {
    onNext: (payload) => events.push(`next:${payload.data?.toString()}`),
    onError: (error) => events.push(`error:${error.message}`),
    onComplete: () => events.push('complete'),
    onExtension: () => {},
  };
  return { events, subscriber };
}

describe('DemandStream', () => {
  it('clamps request-n to 1..2147483647', () => {
    expect(clampRequestN(0)).toBe(0);
    expect(clampRequestN(-5)).toBe(0);
    expect(clampRequestN(Number.NaN)).toBe(0);
    expect(clampRequestN(3.7)).toBe(3);
    expect(clampRequestN(2 ** 40)).toBe(2_147_483_647);
  });

  it('sends only against demand and holds the rest until more is requested', () => {
    const { events, subscriber } = recorder();
    const stream = new DemandStream(subscriber, 2, 10, () => {});
    for (const item of ['a', 'b', 'c', 'd']) stream.push(Buffer.from(item));
    expect(events).toEqual(['next:a', 'next:b']);
    stream.request(1);
    expect(events).toEqual(['next:a', 'next:b', 'next:c']);
    stream.request(5);
    stream.push(Buffer.from('e'));
    expect(events).toEqual(['next:a', 'next:b', 'next:c', 'next:d', 'next:e']);
    expect(stream.outstanding).toBe(3);
  });

  it('treats 2147483647 as unbounded and never overflows the counter', () => {
    const { events, subscriber } = recorder();
    const stream = new DemandStream(subscriber, 2_147_483_647, 1, () => {});
    stream.request(2_147_483_647);
    for (let index = 0; index < 100; index++) stream.push(Buffer.from('x'));
    expect(events).toHaveLength(100);
    expect(stream.outstanding).toBe(2_147_483_647);
  });

  it('errors a subscriber whose waiting queue overflows, and ends it', () => {
    const { events, subscriber } = recorder();
    let ended = 0;
    const stream = new DemandStream(subscriber, 0, 2, () => ended++);
    stream.push(Buffer.from('1'));
    stream.push(Buffer.from('2'));
    expect(events).toEqual([]);
    stream.push(Buffer.from('3'));
    expect(events).toEqual(['error:subscriber too slow: demand exhausted']);
    expect(stream.isEnded).toBe(true);
    expect(ended).toBe(1);
    stream.push(Buffer.from('4'));
    stream.request(10);
    expect(events).toHaveLength(1);
  });

  it('refuses a request-n of zero', () => {
    const { events, subscriber } = recorder();
    const stream = new DemandStream(subscriber, 1, 2, () => {});
    stream.request(0);
    expect(events).toEqual(['error:request-n must be positive']);
  });
});
