import type { Database } from '../db/database.ts';
import { createSessionLock } from '../db/session-lock.ts';

export interface ScheduledTask {
  name: string;
  run(): Promise<void>;
}

export interface LeaderScheduler {
  /** Whether this node holds the lock and runs the tasks. */
  isLeader(): boolean;
  /** Runs one round now (when leader); answers whether it ran. */
  tick(): Promise<boolean>;
  stop(): Promise<void>;
}

/**
 * Scheduled work (timeouts, settlements) runs on one node only: the one holding a PostgreSQL
 * session advisory lock on a dedicated connection (DESIGN.md §4). When that node stops or its
 * connection drops, the lock is released and another node takes over on its next tick.
 */
export function startLeaderScheduler(options: {
  pool: Database['pool'];
  lockKey: number;
  intervalMs: number;
  tasks: ScheduledTask[];
  onError: (task: string, error: unknown) => void;
}): LeaderScheduler {
  const lock = createSessionLock(options.pool, options.lockKey);
  let stopped = false;
  let running: Promise<boolean> | undefined;

  async function round(): Promise<boolean> {
    if (stopped) return false;
    try {
      if (!(await lock.tryAcquire())) return false;
    } catch (error) {
      options.onError('acquire', error);
      return false;
    }
    for (const task of options.tasks) {
      if (stopped) break;
      try {
        await task.run();
      } catch (error) {
        options.onError(task.name, error);
      }
    }
    return true;
  }

  function tick(): Promise<boolean> {
    // One round at a time: a slow round is not overlapped by the next timer.
    running ??= round().finally(() => {
      running = undefined;
    });
    return running;
  }

  const timer = setInterval(() => void tick(), options.intervalMs);
  timer.unref();
  return {
    isLeader: () => lock.held(),
    tick,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
      await lock.release();
    },
  };
}
