import type { Bus } from './bus/bus.ts';

/**
 * A per-project setting read on hot paths (a bet, a money call) and changed rarely (by an admin):
 * each node answers from its copy while it is younger than `ttlMs`.
 *
 * - **One read in flight a project.** A round's opening brings hundreds of bets at once; each
 *   reading for itself was a statement a bet (docs/decisions.md "Round stakes: one read in flight").
 * - **A change wins over a read that started before it.** `changed` bumps a generation; a read begun
 *   under an older one answers its caller but does not fill the cache, so the node never keeps the
 *   value from before the change for another `ttlMs`.
 * - **Every node hears of a change.** `changed` drops the entry here and publishes the project's id
 *   on `channel`; every node subscribed drops its own. `ttlMs` bounds the staleness if a bus message
 *   is ever lost (Redis pub/sub does not redeliver).
 */
export interface ProjectCache<T> {
  get(projectId: number): Promise<T>;
  /** The project's setting changed (after its commit): dropped here and, through the bus, everywhere. */
  changed(projectId: number): Promise<void>;
  /** Stops listening to the bus. */
  close(): Promise<void>;
}

export interface ProjectCacheOptions<T> {
  read: (projectId: number) => Promise<T>;
  ttlMs: number;
  /** The nodes' bus and the channel of this setting's changes (none: this node alone). */
  bus?: { bus: Bus; channel: string };
  now?: () => number;
  /** Told once if the bus subscription fails (the node then hears of no other node's change). */
  log?: (error: unknown, message: string) => void;
}

export function createProjectCache<T>(options: ProjectCacheOptions<T>): ProjectCache<T> {
  const now = options.now ?? Date.now;
  const entries = new Map<number, { value: T; at: number }>();
  const reading = new Map<number, Promise<T>>();
  let generation = 0;

  /** `projectId` null: every project (a message this node cannot read). */
  function evict(projectId: number | null): void {
    generation += 1;
    if (projectId === null) {
      entries.clear();
      reading.clear();
    } else {
      entries.delete(projectId);
      reading.delete(projectId);
    }
  }

  // Subscribed in the background, so that the modules' factories stay synchronous. A subscription
  // that fails (the bus is down at start-up) leaves this node on `ttlMs` alone: logged, since
  // another node's change then takes up to `ttlMs` to apply here.
  const subscribed = options.bus?.bus
    .subscribe(options.bus.channel, (message) =>
      evict(typeof message === 'number' && Number.isInteger(message) ? message : null),
    )
    .catch((error: unknown) => {
      options.log?.(
        error,
        `project cache: bus subscription to ${options.bus?.channel} failed; other nodes' changes apply after ${options.ttlMs} ms`,
      );
      return null;
    });

  return {
    get(projectId) {
      const entry = entries.get(projectId);
      if (entry && now() - entry.at < options.ttlMs) return Promise.resolve(entry.value);
      const pending = reading.get(projectId);
      if (pending) return pending;
      const started = generation;
      const at = now();
      const read = options
        .read(projectId)
        .then((value) => {
          if (generation === started) entries.set(projectId, { value, at });
          return value;
        })
        .finally(() => {
          if (reading.get(projectId) === read) reading.delete(projectId);
        });
      reading.set(projectId, read);
      return read;
    },
    async changed(projectId) {
      evict(projectId);
      // This node's own message comes back to it too: one more eviction, harmless.
      await options.bus?.bus.publish(options.bus.channel, projectId);
    },
    async close() {
      const stop = await subscribed;
      await stop?.();
    },
  };
}
