import type { RSocket } from 'rsocket-core';
import type { Session } from '../platform/http/request-context.ts';
import type { DemandStream } from './demand-stream.ts';
import type { MetadataKind } from './routing.ts';

/** One open realtime connection on this node. */
export interface RealtimeConnection {
  readonly id: number;
  readonly clientId: string | null;
  readonly metadataKind: MetadataKind;
  /** Calls into the client (Notify pushes). */
  readonly requester: RSocket;
  session: Session | null;
  /** The token the session came from, re-checked on calls that need a live session. */
  token: string | null;
  readonly streams: Set<DemandStream>;
  inflight: number;
  closed: boolean;
}

/** The connections of this node, and per signed-in user the connections that are theirs. */
export class ConnectionRegistry {
  private readonly all = new Set<RealtimeConnection>();
  private readonly byUser = new Map<number, Set<RealtimeConnection>>();

  get size(): number {
    return this.all.size;
  }

  add(connection: RealtimeConnection): void {
    this.all.add(connection);
    if (connection.session) this.bind(connection, connection.session);
  }

  remove(connection: RealtimeConnection): void {
    this.unbind(connection);
    this.all.delete(connection);
  }

  /** Makes `connection` belong to the user of `session` (and to no other user). */
  bind(connection: RealtimeConnection, session: Session): void {
    this.unbind(connection);
    connection.session = session;
    let set = this.byUser.get(session.userId);
    if (!set) {
      set = new Set();
      this.byUser.set(session.userId, set);
    }
    set.add(connection);
  }

  unbind(connection: RealtimeConnection): void {
    const userId = connection.session?.userId;
    connection.session = null;
    connection.token = null;
    if (userId === undefined) return;
    const set = this.byUser.get(userId);
    set?.delete(connection);
    if (set?.size === 0) this.byUser.delete(userId);
  }

  connectionsOf(userId: number): readonly RealtimeConnection[] {
    return [...(this.byUser.get(userId) ?? [])];
  }

  connections(): IterableIterator<RealtimeConnection> {
    return this.all.values();
  }

  get userCount(): number {
    return this.byUser.size;
  }
}
