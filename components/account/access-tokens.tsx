"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Suspense, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { lazyNamed } from "@/components/ui/lazy-component";
import { Notice } from "@/components/ui/notice";
import { RelativeTime } from "@/components/ui/relative-time";
import { Table, TableBody, TableHead } from "@/components/ui/table";
import { useCopyToClipboard } from "@/components/ui/use-copy-to-clipboard";
import { ACCESS_TOKEN_LIMITS } from "@/lib/contract/bff/access-token-limits";
import type { AccessToken, CreatedAccessToken } from "@/lib/contract/bff/access-tokens";
import { apiErrorMessage } from "@/lib/client/api-error-message";
import { useHasRole } from "@/lib/client/current-user";
import { accessTokenKeys, accessTokenQueries, revokeAccessToken } from "@/lib/client/queries/access-tokens";

// The form's validation (react-hook-form, zod: about 27 kB) loads as a chunk of its own, after the page is shown.
const CreateTokenForm = lazyNamed(() => import("./create-token-form"), "CreateTokenForm");

/**
 * The account page's personal access tokens: for `npm run eval -- --server`. Editors create them (the text is shown
 * once, here, right after); everyone lists and revokes their own. A revoked token is refused from its next request.
 */
export function AccessTokens() {
  const canCreate = useHasRole("editor");
  const list = useQuery(accessTokenQueries.list());
  const [created, setCreated] = useState<CreatedAccessToken | null>(null);
  const tokens = list.data ?? [];
  return (
    <section aria-labelledby="tokens-heading" className="space-y-4">
      <div>
        <h2 id="tokens-heading" className="text-lg font-semibold">
          Personal access tokens
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          For <code>npm run eval -- --server &lt;address&gt;</code>: set the token in <code>GATEHOUSE_TOKEN</code>. A token opens the evaluation API only,
          with your role; at most {ACCESS_TOKEN_LIMITS.perUserMax} at once.
        </p>
      </div>
      {created ? <CreatedToken token={created} onDone={() => setCreated(null)} /> : null}
      {canCreate ? (
        <Suspense fallback={<p className="text-sm text-slate-600 dark:text-slate-400">Loading the form…</p>}>
          <CreateTokenForm onCreated={setCreated} />
        </Suspense>
      ) : <Notice>Creating a token needs the editor role; you can revoke the ones you have.</Notice>}
      {list.isError ? <Alert>{apiErrorMessage(list.error)}</Alert> : null}
      {list.isSuccess && tokens.length === 0 ? <EmptyState title="No tokens">Tokens you create are listed here until you revoke them.</EmptyState> : null}
      {tokens.length > 0 ? <TokenTable tokens={tokens} /> : null}
    </section>
  );
}

/** The new token's text, this once: copy it now, it is stored hashed and never shown again. */
function CreatedToken({ token, onDone }: { token: CreatedAccessToken; onDone: () => void }) {
  const { state, copy } = useCopyToClipboard();
  return (
    <div role="status" className="space-y-2 rounded-md border border-emerald-300 bg-emerald-50 p-3 text-sm text-emerald-950 dark:border-emerald-800 dark:bg-emerald-950/40 dark:text-emerald-100">
      <p className="font-medium">Token “{token.name}” created. Copy it now: it is not shown again.</p>
      <code data-testid="new-token" className="block break-all rounded bg-white px-2 py-1 font-mono text-slate-900 dark:bg-slate-900 dark:text-slate-100">
        {token.token}
      </code>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="secondary" onClick={() => void copy(token.token)}>
          {state === "copied" ? "Copied" : state === "failed" ? "Copy failed: select it" : "Copy"}
        </Button>
        <Button type="button" variant="secondary" onClick={onDone}>
          Done
        </Button>
      </div>
    </div>
  );
}

function TokenTable({ tokens }: { tokens: AccessToken[] }) {
  return (
    <Table framed>
      <caption className="sr-only">Your personal access tokens</caption>
      <TableHead framed columns={["Name", { label: "Created", className: "hidden sm:table-cell" }, "Last used", { label: <span className="sr-only">Actions</span> }]} />
      <TableBody>
        {tokens.map((token) => (
          <TokenRow key={token.id} token={token} />
        ))}
      </TableBody>
    </Table>
  );
}

/** A token with a two-step revoke (press, then confirm): revoking cannot be undone. */
function TokenRow({ token }: { token: AccessToken }) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const mutation = useMutation({
    mutationFn: () => revokeAccessToken(token.id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accessTokenKeys.list() }),
  });
  return (
    <tr>
      <td className="max-w-[10rem] break-words px-3 py-2 font-medium sm:max-w-none">{token.name}</td>
      <td className="hidden px-3 py-2 sm:table-cell">
        <RelativeTime value={token.created_at} />
      </td>
      <td className="px-3 py-2">{token.last_used_at ? <RelativeTime value={token.last_used_at} /> : "Never"}</td>
      <td className="px-3 py-2 text-right">
        {mutation.isError ? <span className="mr-2 text-red-700 dark:text-red-300">{apiErrorMessage(mutation.error)}</span> : null}
        {confirming ? (
          <span className="inline-flex flex-wrap justify-end gap-2">
            <Button type="button" variant="danger" disabled={mutation.isPending} onClick={() => mutation.mutate()} aria-label={`Revoke ${token.name} now`}>
              {mutation.isPending ? "Revoking…" : "Revoke now"}
            </Button>
            <Button type="button" variant="secondary" disabled={mutation.isPending} onClick={() => setConfirming(false)}>
              Keep
            </Button>
          </span>
        ) : (
          <Button type="button" variant="secondary" onClick={() => setConfirming(true)} aria-label={`Revoke ${token.name}`}>
            Revoke
          </Button>
        )}
      </td>
    </tr>
  );
}
