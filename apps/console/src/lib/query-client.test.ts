// A saved answer shown on a page survives a read of the page's data that was on its way before the save.
import { QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { queryClient, showSaved } from './query-client.ts';

const queryKey = ['console', 'staff', 12];
const pendingReads: Array<() => void> = [];
let serverState = 'before';

/** Each read answers with what the server held when the read arrived, when the test says. */
function read(): Promise<string> {
  const answer = serverState;
  return new Promise((resolve) => pendingReads.push(() => resolve(answer)));
}

afterEach(() => {
  queryClient.clear();
  pendingReads.length = 0;
  serverState = 'before';
});

describe('showSaved', () => {
  it('keeps the saved answer when a read from before the save answers after it', async () => {
    const page = new QueryObserver(queryClient, { queryKey, queryFn: read });
    const unsubscribe = page.subscribe(() => {});
    expect(pendingReads).toHaveLength(1);
    const answerStaleRead = pendingReads.shift()!;

    serverState = 'after';
    await showSaved(queryKey, 'after');
    answerStaleRead();
    await new Promise((resolve) => setTimeout(resolve, 10));

    expect(queryClient.getQueryData(queryKey)).toBe('after');
    expect(page.getCurrentResult().data).toBe('after');
    unsubscribe();
  });

  it('shows the saved answer when no read is on its way', async () => {
    queryClient.setQueryData(queryKey, 'before');
    await showSaved(queryKey, 'after');
    expect(queryClient.getQueryData(queryKey)).toBe('after');
  });
});
