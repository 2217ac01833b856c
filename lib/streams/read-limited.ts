/**
 * Reads a body stream to its end, keeping at most `limit` bytes: as soon as the count passes it, the stream is
 * cancelled and `tooLarge()` thrown, so an oversize body (one sent chunked, without a Content-Length to refuse
 * early) never sits in memory whole. Both the BFF and the embedded gateway read request bodies this way.
 */
export async function readLimited(body: ReadableStream<Uint8Array>, limit: number, tooLarge: () => Error): Promise<{ chunks: Uint8Array[]; size: number }> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(value);
  }
  return { chunks, size };
}
