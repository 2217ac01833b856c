import NextAuth from "next-auth";
import { authConfig } from "@/lib/server/auth/auth-config";

// A function, so the settings are read when the first request arrives, not while `next build`
// imports this module (the build has no AUTH_SECRET or gateway settings).
export const { handlers, signIn, signOut } = NextAuth(() => authConfig());
