/**
 * The JSON body limit of a model request (POST /responses, a preset save), below the gateway's
 * general one (ctx.limits.maxJsonBytes, 4 MiB, sized for a video request carrying two frame images
 * as data URLs). A model request is decoded, parsed, validated and counted in tokens on the event
 * loop, all linear in its size; at 2 MiB that stays well under 100 ms (bounded-inputs.test.ts), and
 * it is twice the BFF's limit on what a browser sends (lib/server/http/body.ts), so nothing the dashboard
 * sends is refused. The embedded models read text only, and 2 MiB of text is far beyond their
 * 32,768-token context.
 */
export const MODEL_REQUEST_BODY_BYTES = 2 * 1024 * 1024;

/** The limit a model request is read with: the smaller of the two. */
export const modelRequestBodyLimit = (maxJsonBytes: number) => Math.min(maxJsonBytes, MODEL_REQUEST_BODY_BYTES);
