import createNextIntlPlugin from "next-intl/plugin";

const withNextIntl = createNextIntlPlugin("./lib/i18n/request.ts");

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
