// The crash cash-outs still settling, on this node and on the others: the round clock holds a
// round's end back while one may have arrived before its bust (docs/decisions.md "Rounds: a round's
// end waits for other nodes' cash-outs too").
//
// This node's own are known by arrival time. Another node's are known only as "some in flight" per
// project, from what that node announces on the bus when its count leaves zero (again at most every
// `heartbeatMs` while it stays above zero) and when it has been back at zero for `idleMs`: a message
// per change of state, not per cash-out, and no comparison of two nodes' clocks.

/**
 * The longest a crash round's end waits past its grace for cash-outs received before the bust and
 * still settling (a queue in a busy node); past it the round ends regardless. Another node's "in
 * flight" older than this is stale.
 */
export const CRASH_SETTLE_WAIT_MAX_MS = 5_000;

/** A node's announcement on the bus: whether crash cash-outs of the project are settling there. */
export interface CashOutsInFlightMessage {
  node: string;
  projectId: number;
  inFlight: boolean;
}

export interface CashOutsInFlightOptions {
  /** Tells the other nodes (the bus); a failure is theirs to miss, the hold has a limit. */
  announce: (projectId: number, inFlight: boolean) => void;
  /** A project's count back at zero for this long is announced as idle (busy rounds flap). */
  idleMs: number;
  /** While busy, "in flight" is said again on a new cash-out at most this often. */
  heartbeatMs: number;
  /** Another node's "in flight" older than this is ignored (a node that died saying it). */
  staleMs: number;
}

export function createCashOutsInFlight(options: CashOutsInFlightOptions) {
  /** This node's cash-outs by id: project and arrival (wall clock, ms). */
  const arrivals = new Map<number, { projectId: number; at: number }>();
  const counts = new Map<number, number>();
  /** Per project, when "in flight" was last announced, and the pending idle announcement. */
  const announced = new Map<number, { sentAt: number; idleTimer: NodeJS.Timeout | null }>();
  /** Other nodes: project → node → when this node last heard "in flight" (its own clock). */
  const remote = new Map<number, Map<string, number>>();
  let next = 0;

  function busy(projectId: number): void {
    const state = announced.get(projectId);
    if (state?.idleTimer) {
      clearTimeout(state.idleTimer);
      state.idleTimer = null;
    }
    if (state && Date.now() - state.sentAt < options.heartbeatMs) return;
    announced.set(projectId, { sentAt: Date.now(), idleTimer: null });
    options.announce(projectId, true);
  }

  function idle(projectId: number): void {
    const state = announced.get(projectId);
    if (!state || state.idleTimer) return;
    state.idleTimer = setTimeout(() => {
      if ((counts.get(projectId) ?? 0) > 0) return;
      announced.delete(projectId);
      options.announce(projectId, false);
    }, options.idleMs);
    state.idleTimer.unref();
  }

  return {
    /**
     * Registers a cash-out of `projectId` that arrived at `arrivedAt` (`performance.now()`);
     * answers the function that marks it done.
     */
    add(projectId: number, arrivedAt: number): () => void {
      const id = next++;
      arrivals.set(id, { projectId, at: Date.now() - (performance.now() - arrivedAt) });
      counts.set(projectId, (counts.get(projectId) ?? 0) + 1);
      busy(projectId);
      return () => {
        if (!arrivals.delete(id)) return;
        const left = (counts.get(projectId) ?? 1) - 1;
        if (left > 0) counts.set(projectId, left);
        else {
          counts.delete(projectId);
          idle(projectId);
        }
      };
    },

    /** Whether a cash-out of `projectId` that arrived here before `at` (wall clock) still settles. */
    receivedBefore(projectId: number, at: number): boolean {
      for (const arrival of arrivals.values())
        if (arrival.projectId === projectId && arrival.at < at) return true;
      return false;
    },

    /** What another node announced (the bus); this node's own announcements are not passed here. */
    noteRemote(message: CashOutsInFlightMessage): void {
      let nodes = remote.get(message.projectId);
      if (message.inFlight) {
        if (!nodes) {
          nodes = new Map();
          remote.set(message.projectId, nodes);
        }
        nodes.set(message.node, Date.now());
      } else {
        nodes?.delete(message.node);
        if (nodes?.size === 0) remote.delete(message.projectId);
      }
    },

    /** Whether another node said lately that cash-outs of `projectId` are settling there. */
    elsewhere(projectId: number): boolean {
      const nodes = remote.get(projectId);
      if (!nodes) return false;
      const fresh = Date.now() - options.staleMs;
      for (const heardAt of nodes.values()) if (heardAt >= fresh) return true;
      return false;
    },

    /**
     * The node is closing: whatever it announced as in flight is announced settled now (what it
     * still settles ends with it), so that no clock waits for it until the announcement goes stale.
     */
    close(): void {
      for (const [projectId, state] of announced) {
        if (state.idleTimer) clearTimeout(state.idleTimer);
        options.announce(projectId, false);
      }
      announced.clear();
    },
  };
}

export type CashOutsInFlight = ReturnType<typeof createCashOutsInFlight>;

/** Whether a bus message is a well-formed announcement (another node's text is parsed, not trusted). */
export function isCashOutsInFlightMessage(value: unknown): value is CashOutsInFlightMessage {
  if (value === null || typeof value !== 'object') return false;
  const message = value as Record<string, unknown>;
  return (
    typeof message.node === 'string' &&
    Number.isInteger(message.projectId) &&
    typeof message.inFlight === 'boolean'
  );
}
