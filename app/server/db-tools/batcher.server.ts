/**
 * Group commit: calls made while a batch is being written wait and go together in the next one,
 * so N concurrent writers cost one round trip (or one transaction) instead of N. Nothing waits on
 * purpose: a lone call starts its batch at once (after the current I/O callbacks, which lets the
 * requests that arrived together join it), and under load each batch takes whatever queued while
 * the previous one ran. On this 2-core machine a round trip to PostgreSQL costs the Node process
 * ~0.25 ms of CPU (the socket write wakes the backend), which is what capped the contact form.
 *
 * `run` answers every item of its batch, in order; if it throws, every caller of that batch gets
 * the error (callers that must not fail together handle it inside `run`).
 */
export function createBatcher<I, O>(run: (items: I[]) => Promise<O[]>, { maxSize = 200 } = {}) {
  let queue: { item: I; resolve: (o: O) => void; reject: (e: unknown) => void }[] = [];
  let scheduled = false;
  let running = false;

  async function drain() {
    scheduled = false;
    running = true;
    try {
      while (queue.length > 0) {
        const batch = queue.slice(0, maxSize);
        queue = queue.slice(batch.length);
        try {
          const out = await run(batch.map((b) => b.item));
          batch.forEach((b, i) => b.resolve(out[i]));
        } catch (err) {
          for (const b of batch) b.reject(err);
        }
      }
    } finally {
      running = false;
    }
  }

  return (item: I): Promise<O> =>
    new Promise<O>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      if (!running && !scheduled) {
        scheduled = true;
        setImmediate(() => void drain());
      }
    });
}
