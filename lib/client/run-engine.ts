/**
 * What a run needs once Run is pressed, as one chunk: the request check, the stream reader and the reducer
 * that folds its events into the column's state. All three bring zod and the contract's schemas, which the
 * playground's first paint (the request form) does without; `RunStore` loads this module on the first run,
 * and the Run buttons fetch it as the pointer or the focus reaches them.
 */
export { runReducer } from "@/lib/playground/run-state";
export { validateRequest } from "@/lib/playground/validate-request";
export { isAbortError, streamResponses } from "./stream-reader";
