"use client";

import { QueryClientProvider } from "@tanstack/react-query";
import { useState } from "react";
import { makeQueryClient, signInAgainHref } from "./query-client";

let leaving = false;

/** Once: several queries may fail with 401 together, and one navigation is enough. */
function signInAgain(): void {
  if (leaving) return;
  leaving = true;
  window.location.assign(signInAgainHref(window.location));
}

export function QueryProvider({ children }: { children: React.ReactNode }) {
  const [client] = useState(() => makeQueryClient({ onUnauthorized: signInAgain }));
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
