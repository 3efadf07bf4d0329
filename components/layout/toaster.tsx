"use client";

import { type ComponentProps, type ComponentType, useEffect, useState } from "react";
import type { Toaster as SonnerToaster } from "sonner";
import { toasterMounted } from "@/components/client/toaster-ready";

type ToasterProps = ComponentProps<typeof SonnerToaster>;

/** Sonner's container, then the notifications waiting for it: its effects run before this one's (children first). */
function Listening({ Container, ...props }: ToasterProps & { Container: ComponentType<ToasterProps> }) {
  useEffect(() => toasterMounted(), []);
  return <Container {...props} />;
}

/**
 * The notifications' container (sonner), loaded once the page is interactive rather than in every page's first
 * load (an effect, not next/dynamic, whose loader would itself weigh on it). Notifications wait for it
 * (components/client/notify.ts), so none shown before it is ready is lost.
 */
export function Toaster(props: ToasterProps) {
  const [Container, setContainer] = useState<ComponentType<ToasterProps> | null>(null);
  useEffect(() => {
    let live = true;
    void import("sonner").then((module) => {
      if (live) setContainer(() => module.Toaster);
    });
    return () => {
      live = false;
    };
  }, []);
  return Container ? <Listening Container={Container} {...props} /> : null;
}
