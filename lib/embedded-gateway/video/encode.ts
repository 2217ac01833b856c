import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { CLIP_FPS, frameCount, frameSize, renderFrame, type ClipSpec } from "./scene";

/*
 * Clips are WebM files of VP8 key frames. Each frame is encoded by libwebp (the @jsquash/webp wasm
 * build): a lossy WebP *is* one VP8 key frame in a RIFF wrapper, so its "VP8 " chunk goes into the
 * WebM as is (mediabunny's muxer takes encoded packets: no WebCodecs needed). All key frames cost more
 * bytes than a real encoder's inter frames, but at 320×180 and 8 fps the flat synthetic pictures stay at
 * a few kB each, every frame is a seek point, and nothing runs outside this process: no network, no ffmpeg.
 */

interface WebpEncoderModule {
  encode(data: BufferSource, width: number, height: number, options: Record<string, number>): Uint8Array | null;
}
type ModuleFactory = (overrides: {
  noInitialRun: boolean;
  instantiateWasm: (imports: WebAssembly.Imports, done: (instance: WebAssembly.Instance) => void) => WebAssembly.Exports;
}) => Promise<WebpEncoderModule>;

/** libwebp settings: text stays legible at quality 35; no loop filter keeps its edges crisp and costs no bits. */
const WEBP_QUALITY = 35;
const WEBP_METHOD = 3;

let loading: Promise<{ encoder: WebpEncoderModule; options: Record<string, number>; mux: typeof import("mediabunny") }> | null = null;

function loadEncoder() {
  loading ??= (async () => {
    // The emscripten glue would fetch() its wasm by URL, which Node cannot: hand it the compiled module.
    const require = createRequire(__filename);
    const wasm = await WebAssembly.compile(new Uint8Array(await readFile(require.resolve("@jsquash/webp/codec/enc/webp_enc_simd.wasm"))));
    const factory = ((await import("@jsquash/webp/codec/enc/webp_enc_simd.js")) as unknown as { default: ModuleFactory }).default;
    const { defaultOptions } = (await import("@jsquash/webp/meta.js")) as unknown as { defaultOptions: Record<string, number> };
    const encoder = await factory({
      noInitialRun: true,
      instantiateWasm(imports, done) {
        const instance = new WebAssembly.Instance(wasm, imports);
        done(instance);
        return instance.exports;
      },
    });
    // Loaded with the encoder, on the first clip: the muxer's library takes a few hundred ms to load, which
    // a gateway (or a test) that never makes a clip should not pay at start.
    const mux = await import("mediabunny");
    return { encoder, options: { ...defaultOptions, quality: WEBP_QUALITY, method: WEBP_METHOD, filter_strength: 0 }, mux };
  })();
  loading.catch(() => {
    loading = null;
  });
  return loading;
}

/** The VP8 key frame inside a simple lossy WebP file (RIFF "WEBP" with one "VP8 " chunk). */
function vp8FrameOfWebp(webp: Uint8Array): Uint8Array {
  const view = new DataView(webp.buffer, webp.byteOffset, webp.byteLength);
  const tag = (offset: number) => String.fromCharCode(...webp.subarray(offset, offset + 4));
  if (webp.byteLength < 20 || tag(0) !== "RIFF" || tag(8) !== "WEBP") throw new Error("not a WebP file");
  let offset = 12;
  while (offset + 8 <= webp.byteLength) {
    const size = view.getUint32(offset + 4, true);
    if (tag(offset) === "VP8 ") return webp.subarray(offset + 8, offset + 8 + size);
    offset += 8 + size + (size & 1);
  }
  throw new Error("the WebP has no lossy VP8 chunk");
}

/** Yields to the event loop so a clip being encoded never holds up the gateway's other requests. */
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Renders and encodes a whole clip: WebM bytes, playable by browsers' <video>. */
export async function encodeClip(spec: ClipSpec, signal?: AbortSignal): Promise<Uint8Array> {
  const { encoder, options, mux } = await loadEncoder();
  const { BufferTarget, EncodedPacket, EncodedVideoPacketSource, Output, WebMOutputFormat } = mux;
  const { width, height } = frameSize(spec.aspectRatio);
  const output = new Output({ format: new WebMOutputFormat(), target: new BufferTarget() });
  const video = new EncodedVideoPacketSource("vp8");
  output.addVideoTrack(video, { frameRate: CLIP_FPS });
  await output.start();
  const frames = frameCount(spec);
  try {
    for (let index = 0; index < frames; index++) {
      signal?.throwIfAborted();
      const frame = renderFrame(spec, index);
      const webp = encoder.encode(frame.data, width, height, options);
      if (!webp) throw new Error("libwebp could not encode a frame");
      // Copied: the encoder's result may be a view into wasm memory that the next call reuses.
      const packet = new EncodedPacket(vp8FrameOfWebp(webp).slice(), "key", index / CLIP_FPS, 1 / CLIP_FPS);
      // Each packet carries its duration, so the file's duration is the whole clip (frames / fps).
      await video.add(packet, index === 0 ? { decoderConfig: { codec: "vp8", codedWidth: width, codedHeight: height } } : undefined);
      await yieldToEventLoop();
    }
    await output.finalize();
  } catch (error) {
    await output.cancel();
    throw error;
  }
  const bytes = output.target.buffer;
  if (!bytes) throw new Error("the muxer wrote no file");
  return new Uint8Array(bytes);
}
