import type { FieldErrors, FieldValues, Resolver } from "react-hook-form";
import type { ChatRequestInput } from "@/lib/contract/gateway";

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

/** How long typing must pause before a field's change is checked (a save, or a check of the whole form, never waits). */
const FIELD_CHECK_IDLE_MS = 150;

/**
 * `resolver`, with the checks of one changed field (react-hook-form names the one field; a save or `trigger()`
 * names every field) run once typing pauses for `idleMs`, against the values of that moment: one check of the
 * request per pause rather than one per keystroke. Every caller waiting gets that check's answer;
 * react-hook-form keeps it only for a field whose value has not changed since it asked.
 */
export function checkFieldsWhenIdle<T extends FieldValues>(resolver: Resolver<T>, idleMs = FIELD_CHECK_IDLE_MS): Resolver<T> {
  type Answer = Awaited<ReturnType<Resolver<T>>>;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let waiting: { resolve: (answer: Answer) => void; reject: (error: unknown) => void }[] = [];
  let latest: Parameters<Resolver<T>> | undefined;
  return (...args) => {
    const [, , options] = args;
    if ((options.names?.length ?? 0) !== 1) return resolver(...args);
    latest = args;
    clearTimeout(timer);
    return new Promise<Answer>((resolve, reject) => {
      waiting.push({ resolve, reject });
      timer = setTimeout(() => {
        const batch = waiting;
        waiting = [];
        Promise.resolve(resolver(...latest!)).then(
          (answer) => batch.forEach((caller) => caller.resolve(answer)),
          (error: unknown) => batch.forEach((caller) => caller.reject(error)),
        );
      }, idleMs);
    });
  };
}
