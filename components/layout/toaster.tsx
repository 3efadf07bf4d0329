"use client";

import dynamic from "next/dynamic";
import { type ComponentProps, useEffect } from "react";
import type { Toaster as SonnerToaster } from "sonner";
import { toasterMounted } from "@/components/client/toaster-ready";

type ToasterProps = ComponentProps<typeof SonnerToaster>;

/**
 * The notifications' container (sonner), loaded after the page is interactive rather than in every page's first
 * load. Its effects run before this wrapper's (children first), so when toasterMounted() lets the waiting
 * notifications through (components/client/notify.ts), sonner already listens.
 */
export const Toaster = dynamic<ToasterProps>(
  async () => {
    const { Toaster: Container } = await import("sonner");
    return function ListeningToaster(props: ToasterProps) {
      useEffect(() => toasterMounted(), []);
      return <Container {...props} />;
    };
  },
  { ssr: false },
);
