import createNextIntlPlugin from "next-intl/plugin";

// Messages are compiled when the app is built (next-intl's catalog loader with icu-minify): the browser gets them
// ready to format and no ICU parser (issue 17 item 4, the signer pages' first-load JavaScript).
const withNextIntl = createNextIntlPlugin({
  requestConfig: "./lib/i18n/request.ts",
  experimental: { messages: { path: "./messages", format: "json", locales: "infer", precompile: true } },
});

/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  // forbidden() renders app/forbidden.tsx for pages a role may not see.
  experimental: { authInterrupts: true },
  serverExternalPackages: [
    "@node-rs/argon2",
    "bullmq",
    "ioredis",
    "nodemailer",
    "twilio",
    "pg",
    "@prisma/adapter-pg",
    "exceljs",
    "pdfmake",
    "prom-client",
    // The face checks at upload (lib/face): TensorFlow.js loads its WebAssembly and the models from the packages' folders.
    "@vladmandic/face-api",
    "@tensorflow/tfjs-backend-wasm",
    "sharp-phash",
  ],
  async headers() {
    return [
      {
        source: "/:path*",
        headers: [
          { key: "X-Frame-Options", value: "DENY" },
          { key: "X-Content-Type-Options", value: "nosniff" },
          { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
          { key: "Permissions-Policy", value: "camera=(self), microphone=(self), geolocation=(self)" },
        ],
      },
    ];
  },
};

export default withNextIntl(nextConfig);
