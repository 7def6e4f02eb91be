/**
 * Group commit: items submitted while `inFlight` batches are already running wait and leave together
 * in the next batch (at most `maxSize`), so under load one round trip and one commit serve many
 * items, and an idle system sends each item at once, alone. Items submitted in one turn of the event
 * loop leave together too (a batch starts on a microtask). Beside a running batch, another starts
 * only once `overlapAt` items wait.
 *
 * `run` answers one outcome per item, in order: a value, or an Error that rejects that item alone.
 * A `run` that throws rejects every item of its batch.
 */
export function createBatcher<Item, Result>(options: {
  inFlight: number;
  maxSize: number;
  /**
   * While a batch runs, another starts only when this many items wait (default 1): a small batch
   * beside a running one costs nearly what a large one costs, and takes items the next large one
   * would have carried.
   */
  overlapAt?: number;
  run: (items: readonly Item[]) => Promise<ReadonlyArray<Result | Error>>;
}): { submit(item: Item): Promise<Result> } {
  if (options.inFlight < 1 || options.maxSize < 1)
    throw new Error('a batcher runs at least one item at a time');
  type Waiting = { item: Item; resolve: (value: Result) => void; reject: (error: unknown) => void };
  let waiting: Waiting[] = [];
  let running = 0;
  let scheduled = false;
  const overlapAt = Math.max(1, options.overlapAt ?? 1);

  function schedule(): void {
    if (scheduled || running >= options.inFlight || waiting.length < (running === 0 ? 1 : overlapAt)) return;
    scheduled = true;
    queueMicrotask(() => {
      scheduled = false;
      while (running < options.inFlight && waiting.length >= (running === 0 ? 1 : overlapAt)) start();
    });
  }

  function start(): void {
    const batch = waiting.slice(0, options.maxSize);
    waiting = waiting.slice(batch.length);
    running += 1;
    void options
      .run(batch.map((entry) => entry.item))
      .then(
        (outcomes) => {
          for (const [index, entry] of batch.entries()) {
            const outcome = outcomes[index];
            if (outcome instanceof Error) entry.reject(outcome);
            else if (index >= outcomes.length)
              entry.reject(new Error('the batch gave no outcome for this item'));
            else entry.resolve(outcome as Result);
          }
        },
        (error: unknown) => {
          for (const entry of batch) entry.reject(error);
        },
      )
      .finally(() => {
        running -= 1;
        schedule();
      });
  }

  return {
    submit(item: Item): Promise<Result> {
      return new Promise<Result>((resolve, reject) => {
        waiting.push({ item, resolve, reject });
        schedule();
      });
    },
  };
}
