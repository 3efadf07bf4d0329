"use client";

import { useEffect, useRef } from "react";
import { signIn, signOut } from "next-auth/react";
import { callApi } from "@/components/client/api-client";
import { useConfigValue } from "@/components/client/use-config";

const nearExpiryMs = 18_000_000; // spec §4: refresh when less than 5 hours remain
const heartbeatMs = 5 * 60_000;

/** Answers after which the session cannot go on: back to sign-in, which shows why. */
function signsOut(errorCode: string): boolean {
  return errorCode.startsWith("SESSION_EXPIRED") || errorCode === "ORGANIZATION_DISABLED";
}

function signinPath(reason: string): string {
  const path = window.location.pathname.replace(/_/g, "~").replace(/\//g, "_");
  return `/signin/${path}?reason=${reason}`;
}

/**
 * Keeps a portal tab's session honest: refreshes the token before it expires, tells the server
 * the user is active, and signs out after the idle timeout (spec §4 and §8).
 */
export function SessionKeeper({ exp }: { exp: number }) {
  const idleMinutes = Number(useConfigValue("default_idle_timeout", "30")) || 30;
  const expRef = useRef(exp);
  const lastActivity = useRef(0);
  const lastHeartbeat = useRef(0);

  useEffect(() => {
    lastActivity.current = Date.now();
    lastHeartbeat.current = Date.now();
    const markActive = () => {
      lastActivity.current = Date.now();
    };
    const events = ["pointerdown", "keydown", "scroll", "mousemove", "touchstart"] as const;
    events.forEach((e) => window.addEventListener(e, markActive, { passive: true }));

    const tick = async () => {
      const now = Date.now();
      if (now - lastActivity.current > idleMinutes * 60_000) {
        await callApi("/api/logout", { body: {} });
        sessionStorage.clear();
        await signOut({ callbackUrl: signinPath("SESSION_EXPIRED_INACTIVITY") });
        return;
      }
      if (expRef.current * 1000 - now < nearExpiryMs) {
        const refreshed = await callApi<{ token: string }>("/api/token/refresh", { body: {} });
        if (refreshed.ok) {
          const result = await signIn("token", { token: refreshed.data.token, redirect: false });
          if (result?.ok) {
            const session = await callApi<{ exp: number }>("/api/session");
            if (session.ok) expRef.current = session.data.exp;
          }
        } else if (signsOut(refreshed.error.errorCode)) {
          await signOut({ callbackUrl: signinPath(refreshed.error.errorCode) });
        }
        return;
      }
      if (lastActivity.current > lastHeartbeat.current && now - lastHeartbeat.current > heartbeatMs) {
        lastHeartbeat.current = now;
        const beat = await callApi<{ exp: number }>("/api/session");
        if (!beat.ok && signsOut(beat.error.errorCode)) await signOut({ callbackUrl: signinPath(beat.error.errorCode) });
      }
    };
    const timer = window.setInterval(() => void tick(), 30_000);
    return () => {
      window.clearInterval(timer);
      events.forEach((e) => window.removeEventListener(e, markActive));
    };
  }, [idleMinutes]);

  return null;
}
