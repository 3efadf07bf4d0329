"use client";

import { useEffect } from "react";

// Outside every provider: the spec's server-error text in both languages, and a reload after 4 s.
export default function GlobalError() {
  useEffect(() => {
    const timer = window.setTimeout(() => window.location.reload(), 4000);
    return () => window.clearTimeout(timer);
  }, []);
  return (
    <html lang="es-ES">
      <body style={{ fontFamily: "system-ui, sans-serif", padding: 32 }}>
        <p>Ocurrió un error con nuestros servidores. No se preocupe, mántengase en línea.</p>
        <p lang="en">Something went wrong on our servers. Don&apos;t worry, stay online.</p>
      </body>
    </html>
  );
}
