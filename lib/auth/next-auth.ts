import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { env } from "@/lib/config/env";
import { httpsSite } from "@/lib/http/https-site";
import { verifyToken } from "./tokens";
import { checkSession } from "./sessions";

/**
 * The portal session is next-auth's encrypted cookie wrapping the same API token that
 * /api/authenticate and /api/verify issue: one logic for the REST API and the portal.
 */
export function authOptions(): NextAuthOptions {
  return {
    secret: env().AUTH_SECRET,
    session: { strategy: "jwt", maxAge: 24 * 60 * 60 },
    // Secure (__Secure-) session cookies whenever the site is https, whatever NEXTAUTH_URL or a forwarded header say.
    useSecureCookies: httpsSite(),
    pages: { signIn: "/signin" },
    providers: [
      CredentialsProvider({
        id: "token",
        name: "token",
        credentials: { token: { type: "text" } },
        async authorize(credentials) {
          const token = credentials?.token;
          if (!token) return null;
          const claims = await verifyToken(token).catch(() => null);
          if (!claims || claims.stage !== "full") return null;
          const session = await checkSession(claims.sid).catch(() => null);
          if (!session) return null;
          return { id: claims.sub, apiToken: token, apiTokenExp: claims.exp };
        },
      }),
    ],
    callbacks: {
      async jwt({ token, user }) {
        if (user && "apiToken" in user) {
          token.apiToken = user.apiToken;
          token.apiTokenExp = user.apiTokenExp;
        }
        return token;
      },
      // The browser learns only when its token expires; the token itself stays in the httpOnly cookie.
      async session({ session, token }) {
        return { ...session, apiTokenExp: token.apiTokenExp };
      },
    },
  };
}
