import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decodeCursor, encodeCursor } from "./cursor";

describe("cursor", () => {
  const secret = Buffer.alloc(32, 7);
  it("round-trips and refuses anything altered or signed with another secret", () => {
    const cursor = encodeCursor({ workspaceId: "ws", afterSeq: 42, order: "desc" }, secret);
    expect(decodeCursor(cursor, secret)).toEqual({ workspaceId: "ws", afterSeq: 42, order: "desc" });
    const ascending = encodeCursor({ workspaceId: "ws", afterSeq: 7, order: "asc" }, secret);
    expect(decodeCursor(ascending, secret)).toEqual({ workspaceId: "ws", afterSeq: 7, order: "asc" });
    expect(decodeCursor(cursor, Buffer.alloc(32, 8))).toBeNull();
    fc.assert(
      fc.property(fc.nat({ max: cursor.length - 1 }), fc.constantFrom(..."AbZ09-_."), (at, char) => {
        const altered = cursor.slice(0, at) + char + cursor.slice(at + 1);
        fc.pre(altered !== cursor);
        expect(decodeCursor(altered, secret)).toBeNull();
      }),
    );
    fc.assert(fc.property(fc.string(), (raw) => void decodeCursor(raw, secret)));
  });
});
