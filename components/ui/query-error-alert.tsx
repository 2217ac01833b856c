"use client";

import { apiErrorMessage } from "@/lib/client/api-error-message";
import { Alert } from "./alert";
import { Button } from "./button";

/** What a view shows when its query failed and there is nothing to show: the error in words, and Retry. */
export function QueryErrorAlert({ query }: { query: { error: unknown; refetch: () => unknown } }) {
  return (
    <Alert>
      {apiErrorMessage(query.error)}{" "}
      <Button size="sm" onClick={() => void query.refetch()}>
        Retry
      </Button>
    </Alert>
  );
}
