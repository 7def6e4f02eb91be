// Types for the legacy rsocket-js 0.0.27 clients (npm aliases at the root) that the
// compatibility tests drive; only what those tests use is declared.
declare module 'legacy-rsocket-core' {
  export interface LegacyPayload<D = unknown, M = unknown> {
    data?: D | null;
    metadata?: M | null;
  }
  export interface LegacySubscription {
    request(n: number): void;
    cancel(): void;
  }
  export interface LegacySubscriber<T> {
    onNext?(value: T): void;
    onError?(error: Error): void;
    onComplete?(): void;
    onSubscribe?(subscription: LegacySubscription): void;
  }
  export interface LegacySingle<T> {
    subscribe(subscriber: {
      onComplete?(value: T): void;
      onError?(error: Error): void;
      onSubscribe?(cancel: () => void): void;
    }): void;
  }
  export interface LegacyFlowable<T> {
    subscribe(subscriber: LegacySubscriber<T>): void;
  }
  export interface LegacyReactiveSocket {
    requestResponse(payload: LegacyPayload): LegacySingle<LegacyPayload>;
    requestStream(payload: LegacyPayload): LegacyFlowable<LegacyPayload>;
    fireAndForget(payload: LegacyPayload): void;
    connectionStatus(): LegacyFlowable<{ kind: string; error?: Error }>;
    close(): void;
  }
  export interface LegacySerializer {
    serialize(value: unknown): unknown;
    deserialize(value: unknown): unknown;
  }
  export interface LegacyResponder {
    fireAndForget?(payload: LegacyPayload): void;
  }
  export class RSocketClient {
    constructor(config: {
      serializers?: { data: LegacySerializer; metadata: LegacySerializer };
      setup: {
        keepAlive: number;
        lifetime: number;
        dataMimeType: string;
        metadataMimeType: string;
        payload?: LegacyPayload;
      };
      transport: unknown;
      responder?: LegacyResponder;
    });
    connect(): LegacySingle<LegacyReactiveSocket>;
    close(): void;
  }
  export const BufferEncoders: unknown;
  export const Utf8Encoders: unknown;
  export const JsonSerializer: LegacySerializer;
  export const IdentitySerializer: LegacySerializer;
  export const MESSAGE_RSOCKET_ROUTING: { string: string; identifier: number };
  export function encodeCompositeMetadata(entries: Array<[unknown, Buffer]>): Buffer;
  export function encodeRoute(route: string): Buffer;
}

declare module 'legacy-rsocket-websocket-client' {
  export default class RSocketWebSocketClient {
    constructor(options: { url: string; wsCreator?: (url: string) => unknown }, encoders?: unknown);
    close(): void;
  }
}
