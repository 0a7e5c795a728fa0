import { describe, expect, it } from "vitest";
import { isPublicAddress } from "./address-policy.server";
import { BlockedAddressError, resolvePublicTarget } from "./safe-post.server";

describe("outgoing address policy (SSRF)", () => {
  it.each([
    "127.0.0.1",
    "127.255.0.9",
    "10.1.2.3",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "0.0.0.0",
    "224.0.0.1",
    "255.255.255.255",
    "::1",
    "::",
    "fe80::1",
    "fc00::1",
    "fd12:3456::1",
    "::ffff:127.0.0.1",
    "::ffff:10.0.0.1",
    "ff02::1",
    // IPv4-compatible (::/96) and IPv4-translated (::ffff:0:0/96) loopback,
    // and the hex spelling of a mapped private address; anything outside 2000::/3.
    "::127.0.0.1",
    "::7f00:1",
    "::ffff:0:127.0.0.1",
    "::ffff:0:7f00:1",
    "::ffff:7f00:1",
    "::ffff:a9fe:a9fe",
    "::10.0.0.1",
    "64:ff9b::7f00:1",
    "1234::1",
    "4000::1",
  ])("refuses %s", (ip) => {
    expect(isPublicAddress(ip)).toBe(false);
  });

  it.each([
    "8.8.8.8",
    "1.1.1.1",
    "172.32.0.1",
    "2606:4700:4700::1111",
    "2a00:1450:4001:80b::200e",
    "::ffff:8.8.8.8",
    "::ffff:808:808",
  ])("accepts %s", (ip) => {
    expect(isPublicAddress(ip)).toBe(true);
  });

  it.each([
    "http://127.0.0.1/hook",
    "http://localhost:3000/x",
    "http://[::1]/x",
    "http://[::127.0.0.1]/",
    "http://[::ffff:0:127.0.0.1]/",
    "http://[::ffff:127.0.0.1]/",
    "http://[0:0:0:0:0:ffff:7f00:1]/",
    "http://169.254.169.254/latest/meta-data",
    "http://0x7f000001/",
    "http://2130706433/",
    "ftp://example.com/x",
    "http://user:pass@example.com/x",
    "nada",
  ])("refuses the URL %s", async (url) => {
    await expect(resolvePublicTarget(url)).rejects.toBeInstanceOf(BlockedAddressError);
  });

  it("accepts loopback only when private targets are allowed (development)", async () => {
    const t = await resolvePublicTarget("http://127.0.0.1:9/x", { allowPrivate: true });
    expect(t.address).toBe("127.0.0.1");
  });
});
