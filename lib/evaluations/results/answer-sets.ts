import { normalizeUrl } from "../urls";
import { answerTokens } from "./similarity";
import type { StoredItem } from "./stored-item";

/** An answer's word set and cited-URL set, cached per stored answer: the noise floor and the table rows both compare them pairwise. */

export type Answered = StoredItem & { result: NonNullable<StoredItem["result"]> };

/** Token sets are computed once per item however many pairs it is in. */
const tokenCache = new WeakMap<object, Set<string>>();
export function tokensOf(item: Answered): Set<string> {
  let tokens = tokenCache.get(item.result);
  if (!tokens) {
    tokens = answerTokens(item.result.answer);
    tokenCache.set(item.result, tokens);
  }
  return tokens;
}

/** The item's cited URLs, normalised, as a set (cached like the tokens: URL parsing is the costly part). */
const urlCache = new WeakMap<object, Set<string>>();
export function citedUrlSet(result: NonNullable<StoredItem["result"]>): Set<string> {
  let urls = urlCache.get(result);
  if (!urls) {
    urls = new Set(result.citations.map((c) => normalizeUrl(c.url)));
    urlCache.set(result, urls);
  }
  return urls;
}

