import { REALTIME_CHANNEL_DEMAND } from '@payhub/contracts';
import {
  type Cancellable,
  ErrorCodes,
  type OnExtensionSubscriber,
  type OnNextSubscriber,
  type OnTerminalSubscriber,
  type Requestable,
  RSocketError,
} from 'rsocket-core';

export type StreamSubscriber = OnTerminalSubscriber & OnNextSubscriber & OnExtensionSubscriber;

/** Clamps a request-n to the protocol's range (1..2147483647); anything else is 0. */
export function clampRequestN(requestN: number): number {
  if (!Number.isFinite(requestN) || requestN <= 0) return 0;
  return Math.min(Math.floor(requestN), REALTIME_CHANNEL_DEMAND);
}

/**
 * The responder side of one request-stream. rsocket-js does not enforce request-n, so this
 * counts demand: an item goes out only against outstanding demand; without demand it waits in
 * a bounded queue, and a subscriber that lets the queue overflow gets an error (it can
 * resubscribe). Demand of 2147483647 is unbounded, as in Reactive Streams.
 */
export class DemandStream implements Requestable, Cancellable, OnExtensionSubscriber {
  private demand: number;
  private readonly waiting: Buffer[] = [];
  private ended = false;

  constructor(
    private readonly subscriber: StreamSubscriber,
    initialRequestN: number,
    private readonly maxQueued: number,
    private readonly onEnd: () => void,
  ) {
    this.demand = clampRequestN(initialRequestN);
  }

  get isEnded(): boolean {
    return this.ended;
  }

  get outstanding(): number {
    return this.demand;
  }

  /** Sends `data` if there is demand, else queues it. */
  push(data: Buffer): void {
    if (this.ended) return;
    if (this.demand > 0 && this.waiting.length === 0) {
      this.emit(data);
      return;
    }
    if (this.waiting.length >= this.maxQueued) {
      this.fail(new RSocketError(ErrorCodes.APPLICATION_ERROR, 'subscriber too slow: demand exhausted'));
      return;
    }
    this.waiting.push(data);
  }

  request(requestN: number): void {
    if (this.ended) return;
    const added = clampRequestN(requestN);
    if (added === 0) {
      this.fail(new RSocketError(ErrorCodes.INVALID, 'request-n must be positive'));
      return;
    }
    this.demand = Math.min(REALTIME_CHANNEL_DEMAND, this.demand + added);
    while (this.demand > 0 && this.waiting.length > 0 && !this.ended) this.emit(this.waiting.shift()!);
  }

  cancel(): void {
    this.end();
  }

  onExtension(): void {}

  fail(error: Error): void {
    if (this.ended) return;
    this.end();
    this.subscriber.onError(error);
  }

  complete(): void {
    if (this.ended) return;
    this.end();
    this.subscriber.onComplete();
  }

  private emit(data: Buffer): void {
    if (this.demand !== REALTIME_CHANNEL_DEMAND) this.demand -= 1;
    this.subscriber.onNext({ data }, false);
  }

  private end(): void {
    this.ended = true;
    this.waiting.length = 0;
    this.onEnd();
  }
}
