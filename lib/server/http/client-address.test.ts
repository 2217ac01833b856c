import { describe, expect, it } from "vitest";
import { clientAddress, isLoopbackRequest, PEER_HEADER } from "./client-address";

const direct = { trustProxyHops: 0, peerHeaderTrusted: true };

function headers(values: Record<string, string>): Headers {
  return new Headers(values);
}

describe("clientAddress", () => {
  it("is the socket peer written by our server, whatever X-Forwarded-For claims", () => {
    const h = headers({ [PEER_HEADER]: "192.0.2.7", "x-forwarded-for": "127.0.0.1" });
    expect(clientAddress(h, direct)).toBe("192.0.2.7");
    expect(isLoopbackRequest(h, direct)).toBe(false);
  });

  it("is unknown when the peer header was not written by our server (a plain `next start`)", () => {
    const h = headers({ [PEER_HEADER]: "127.0.0.1" });
    expect(clientAddress(h, { trustProxyHops: 0, peerHeaderTrusted: false })).toBeNull();
    expect(isLoopbackRequest(h, { trustProxyHops: 0, peerHeaderTrusted: false })).toBe(false);
    expect(clientAddress(headers({}), direct)).toBeNull();
  });

  it("reads the client from X-Forwarded-For only as many hops as there are trusted proxies", () => {
    // client -> proxy A (appends client) -> proxy B (appends A) -> Gatehouse (peer = B)
    const h = headers({ [PEER_HEADER]: "10.0.0.2", "x-forwarded-for": "6.6.6.6, 198.51.100.9, 10.0.0.1" });
    expect(clientAddress(h, { trustProxyHops: 2, peerHeaderTrusted: true })).toBe("198.51.100.9");
    expect(clientAddress(h, { trustProxyHops: 1, peerHeaderTrusted: true })).toBe("10.0.0.1");
    // A forged leftmost entry is never picked while the proxies are counted right.
    expect(clientAddress(h, { trustProxyHops: 2, peerHeaderTrusted: true })).not.toBe("6.6.6.6");
  });

  it("takes the leftmost entry when the chain is shorter than the configured hops", () => {
    const h = headers({ [PEER_HEADER]: "10.0.0.2", "x-forwarded-for": "198.51.100.9" });
    expect(clientAddress(h, { trustProxyHops: 5, peerHeaderTrusted: true })).toBe("198.51.100.9");
  });

  it("knows IPv4, IPv6 and IPv4-mapped loopback", () => {
    for (const peer of ["127.0.0.1", "127.8.9.10", "::1", "::ffff:127.0.0.1"]) {
      expect(isLoopbackRequest(headers({ [PEER_HEADER]: peer }), direct), peer).toBe(true);
    }
    for (const peer of ["192.0.2.2", "::ffff:192.0.2.2", "fd00::2", "128.0.0.1", "127.0.0.1.evil"]) {
      expect(isLoopbackRequest(headers({ [PEER_HEADER]: peer }), direct), peer).toBe(false);
    }
  });
});
