// Proves the one after-commit outbox: tasks run only after commit, a rollback drops them, a retried attempt starts empty.
import { describe, expect, it } from 'vitest';
import { afterCommit, createOutbox } from './outbox.ts';

/** A transaction runner that calls its action `attempts` times (a deadlock retry) and can fail. */
function runner(attempts: number, fail = false) {
  return {
    async transaction<R>(action: (tx: string) => Promise<R>): Promise<R> {
      let result: R | undefined;
      for (let attempt = 0; attempt < attempts; attempt += 1) result = await action(`tx${attempt}`);
      if (fail) throw new Error('rolled back');
      return result as R;
    },
  };
}

describe('after-commit outbox', () => {
  it('runs queued tasks after the commit, once, from the last attempt only', async () => {
    const sent: string[] = [];
    const result = await afterCommit(
      runner(3),
      async (tx, outbox) => {
        outbox.add(async () => void sent.push(`push from ${tx}`));
        expect(sent).toEqual([]);
        return tx;
      },
      () => {},
    );
    expect(result).toBe('tx2');
    expect(sent).toEqual(['push from tx2']);
  });

  it('sends nothing when the transaction rolls back', async () => {
    const sent: string[] = [];
    await expect(
      afterCommit(
        runner(1, true),
        async (_tx, outbox) => {
          outbox.add(async () => void sent.push('push'));
        },
        () => {},
      ),
    ).rejects.toThrow('rolled back');
    expect(sent).toEqual([]);
  });

  it('logs a failing task and still runs the rest', async () => {
    const sent: string[] = [];
    const logged: string[] = [];
    const outbox = createOutbox((_error, message) => logged.push(message));
    outbox.add(async () => {
      throw new Error('socket gone');
    });
    outbox.add(async () => void sent.push('second'));
    await outbox.flush();
    expect(sent).toEqual(['second']);
    expect(logged).toHaveLength(1);
    await outbox.flush();
    expect(sent).toEqual(['second']);
  });
});
