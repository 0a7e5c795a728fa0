// Requests first (issue 19 item 4): while requests keep the process busy a worker's batch waits
// for a gap, but never forever; a process answering a few requests runs its jobs at once.
import { EventEmitter } from "node:events";
import type { ServerResponse } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { requestsBusy, trackRequest, yieldToRequests } from "./foreground.server";

const response = () => new EventEmitter() as unknown as ServerResponse;
const settled = (p: Promise<void>) => {
  let done = false;
  void p.then(() => (done = true));
  return () => done;
};
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Keeps the event loop ~80 % busy (as a burst of requests does) until stopped. */
let stopLoad: (() => void) | undefined;
function loadTheLoop() {
  const timer = setInterval(() => {
    const end = performance.now() + 8;
    while (performance.now() < end) {
      // busy: stands in for answering requests
    }
  }, 2);
  stopLoad = () => clearInterval(timer);
}
afterEach(() => stopLoad?.());

describe("background work yields to requests", () => {
  it("a request in flight on a quiet process does not hold jobs back", async () => {
    await wait(250); // the loop's last window is an idle one
    const res = response();
    trackRequest(res);
    const gone = settled(yieldToRequests(10_000));
    await wait(50);
    expect(gone()).toBe(true);
    res.emit("close");
  });

  it("waits while requests keep the process busy and goes once they are done", async () => {
    loadTheLoop();
    const res = response();
    trackRequest(res);
    await wait(250);
    expect(requestsBusy()).toBe(true);
    const gone = settled(yieldToRequests(10_000));
    await wait(300);
    expect(gone()).toBe(false);
    res.emit("close");
    await wait(200);
    expect(gone()).toBe(true);
  });

  it("under an endless burst it still goes after the longest wait", async () => {
    loadTheLoop();
    const res = response();
    trackRequest(res);
    await wait(250);
    const gone = settled(yieldToRequests(400));
    await wait(150);
    expect(gone()).toBe(false);
    await wait(800);
    expect(gone()).toBe(true);
    res.emit("close");
  });
});
