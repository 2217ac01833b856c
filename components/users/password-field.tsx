"use client";

import { useState } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { PASSWORD_MIN_LENGTH } from "@/lib/contract/bff/schemas";

const ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";

/** A random password of unambiguous characters (no 0/O, 1/l/I), for the admin to hand over. */
function generatePassword(length = 16): string {
  const bytes = crypto.getRandomValues(new Uint32Array(length));
  return Array.from(bytes, (n) => ALPHABET[n % ALPHABET.length]).join("");
}

/**
 * A new-password input with the API's own rule (PASSWORD_MIN_LENGTH) counted live, show/hide, and a
 * generator that also reveals what it generated so the admin can pass it on.
 */
export function PasswordField({
  label = "Password",
  value,
  error,
  registration,
  onGenerate,
}: {
  label?: string;
  value: string;
  error?: string;
  registration: UseFormRegisterReturn;
  onGenerate: (password: string) => void;
}) {
  const [visible, setVisible] = useState(false);
  const missing = PASSWORD_MIN_LENGTH - value.length;
  const hint =
    value.length === 0
      ? `At least ${PASSWORD_MIN_LENGTH} characters.`
      : missing > 0
        ? `At least ${PASSWORD_MIN_LENGTH} characters: ${missing} more needed.`
        : `At least ${PASSWORD_MIN_LENGTH} characters: long enough.`;
  return (
    <Field label={label} hint={hint} error={error}>
      {(control) => (
        <div className="flex flex-wrap gap-2">
          <Input
            {...control}
            {...registration}
            type={visible ? "text" : "password"}
            autoComplete="new-password"
            spellCheck={false}
            className="min-w-0 flex-1 basis-40 font-mono"
          />
          <div className="flex gap-2">
            <Button onClick={() => setVisible((v) => !v)}>
              {visible ? "Hide" : "Show"}
              <span className="sr-only"> password</span>
            </Button>
            <Button
              onClick={() => {
                setVisible(true);
                onGenerate(generatePassword());
              }}
            >
              Generate
              <span className="sr-only"> a password</span>
            </Button>
          </div>
        </div>
      )}
    </Field>
  );
}
