import type { FieldErrors, Resolver } from "react-hook-form";
import type { ChatRequestInput } from "@/lib/gateway";

/**
 * The editor's checks (./form-resolver: the contract's ChatRequestSchema, and zod with it, a third of the preset
 * studio's JavaScript) are a chunk of their own, fetched once the editor is on screen rather than with the page.
 * Every validation awaits it, so nothing is checked more loosely while it loads.
 */
export const loadRequestValidator = () => import("./form-resolver");

export const VALIDATOR_UNAVAILABLE = "The request checks could not be loaded: check your connection and try again.";

/**
 * The editor's resolver: ./form-resolver's, once its chunk is here. When the chunk cannot be fetched the request
 * is refused (an error on the form's root), never let through unchecked.
 */
export const lazyChatRequestResolver: Resolver<ChatRequestInput> = async (values, context, options) => {
  let validator: Awaited<ReturnType<typeof loadRequestValidator>>;
  try {
    validator = await loadRequestValidator();
  } catch {
    return { values: {}, errors: { root: { type: "unavailable", message: VALIDATOR_UNAVAILABLE } } as FieldErrors<ChatRequestInput> };
  }
  return validator.chatRequestResolver(values, context, options);
};
