import { describe, expect, it } from "vitest";
import { createBatcher } from "./batcher.server";

describe("createBatcher (group commit)", () => {
  it("sends calls made together in one batch, and calls made while it runs in the next", async () => {
    const batches: number[][] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const call = createBatcher(async (items: number[]) => {
      batches.push(items);
      if (batches.length === 1) await gate;
      return items.map((n) => n * 10);
    });
    const first = [1, 2, 3].map((n) => call(n));
    await new Promise((r) => setImmediate(r));
    const second = [4, 5].map((n) => call(n));
    release();
    expect(await Promise.all([...first, ...second])).toEqual([10, 20, 30, 40, 50]);
    expect(batches).toEqual([
      [1, 2, 3],
      [4, 5],
    ]);
  });

  it("a failing batch rejects its own callers only; the batcher keeps working", async () => {
    const call = createBatcher(async (items: string[]) => {
      if (items.includes("x")) throw new Error("falhou");
      return items.map((s) => s.toUpperCase());
    });
    const bad = Promise.allSettled([call("a"), call("x")]);
    expect((await bad).map((r) => r.status)).toEqual(["rejected", "rejected"]);
    expect(await call("b")).toBe("B");
  });

  it("never sends more than maxSize at once", async () => {
    const sizes: number[] = [];
    const call = createBatcher(
      async (items: number[]) => {
        sizes.push(items.length);
        return items;
      },
      { maxSize: 4 },
    );
    await Promise.all(Array.from({ length: 10 }, (_, i) => call(i)));
    expect(sizes).toEqual([4, 4, 2]);
  });
});
