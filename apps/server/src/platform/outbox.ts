/**
 * The one after-commit outbox of every module: work caused by a transaction (pushes, broadcasts,
 * follow-up counts) is collected while it runs and sent only once it has committed. A rollback
 * drops it; a retried transaction starts from an empty outbox, so nothing is sent twice or for a
 * change that never happened.
 */
export interface Outbox {
  /** Queues a task to run after commit, in the order queued. */
  add(task: () => Promise<unknown>): void;
}

export interface FlushableOutbox extends Outbox {
  /** Forgets everything queued (the transaction is starting again). */
  reset(): void;
  /**
   * Runs the queued tasks once, in order. With `log`, a failing task is reported and the rest still
   * run (the commit is never undone by a failed push); without it, the first failure rejects.
   */
  flush(): Promise<void>;
}

/** Anything that runs an action in a transaction (every module's repo). */
export interface TransactionRunner<Tx> {
  transaction<R>(action: (tx: Tx) => Promise<R>): Promise<R>;
}

export type OutboxLog = (error: unknown, message: string) => void;

export function createOutbox(log?: OutboxLog): FlushableOutbox {
  const pending: Array<() => Promise<unknown>> = [];
  return {
    add: (task) => void pending.push(task),
    reset: () => void pending.splice(0),
    async flush() {
      for (const task of pending.splice(0)) {
        if (log) await task().catch((error) => log(error, 'after-commit task failed'));
        else await task();
      }
    },
  };
}

/**
 * Runs `action` in a transaction with an outbox, then flushes the outbox after the commit. The
 * transaction runner may call its action more than once (deadlock retry): each attempt starts
 * with an empty outbox. When the transaction throws, nothing queued is sent.
 */
export async function afterCommit<Tx, T>(
  runner: TransactionRunner<Tx>,
  action: (tx: Tx, outbox: Outbox) => Promise<T>,
  log: OutboxLog,
): Promise<T> {
  const outbox = createOutbox(log);
  const result = await runner.transaction((tx) => {
    outbox.reset();
    return action(tx, outbox);
  });
  await outbox.flush();
  return result;
}
