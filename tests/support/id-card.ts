import sharp from "sharp";

// Identity document photos drawn in SVG, as a phone would shoot them: a front with the holder's photo
// (a real face from the test media, or none) and a rear that is another picture (lib/evidence/document-check.ts).

/** An ID card's front: the holder's photo (or nothing) on the left of a card with printed text. */
export async function idCard(portrait: Buffer | null): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="856" height="540">
    <rect width="856" height="540" fill="#dbeafe"/>
    <rect x="24" y="24" width="808" height="492" rx="28" fill="#eff6ff" stroke="#1e3a8a" stroke-width="6"/>
    <rect x="60" y="110" width="240" height="300" fill="#94a3b8"/>
    <text x="340" y="110" font-family="DejaVu Sans" font-size="30" fill="#1e3a8a">DOCUMENTO NACIONAL DE IDENTIDAD</text>
    <text x="340" y="200" font-family="DejaVu Sans" font-size="26" fill="#0f172a">ESPAÑOLA ESPAÑOLA</text>
    <text x="340" y="260" font-family="DejaVu Sans" font-size="26" fill="#0f172a">12345678Z</text>
  </svg>`;
  const card = sharp(Buffer.from(svg));
  if (portrait)
    card.composite([{ input: await sharp(portrait).resize({ width: 240, height: 300, fit: "cover" }).toBuffer(), left: 60, top: 110 }]);
  return card.jpeg({ quality: 90 }).toBuffer();
}

/** The rear of that card: an address, a chip and the machine-readable zone, as JPEG (or PNG). */
export async function rearCard(format: "jpeg" | "png" = "jpeg"): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="856" height="540">
    <rect width="856" height="540" fill="#e2e8f0"/>
    <rect x="24" y="24" width="808" height="492" rx="28" fill="#f8fafc" stroke="#1e3a8a" stroke-width="6"/>
    <text x="60" y="110" font-family="DejaVu Sans" font-size="24" fill="#0f172a">DOMICILIO C. MAYOR 1 MADRID</text>
    <rect x="600" y="80" width="180" height="180" fill="#0f172a"/>
    <rect x="40" y="360" width="776" height="140" fill="#ffffff"/>
    <text x="60" y="410" font-family="DejaVu Sans Mono" font-size="28" fill="#000">IDESPBAA000589599999999972&lt;&lt;&lt;&lt;</text>
  </svg>`;
  const image = sharp(Buffer.from(svg));
  return format === "jpeg" ? image.jpeg({ quality: 90 }).toBuffer() : image.png().toBuffer();
}

/** Two photos side by side in one picture, each scaled to the same height. */
export async function sideBySide(a: Buffer, b: Buffer): Promise<Buffer> {
  const [left, right] = await Promise.all([sharp(a).resize({ height: 540 }).toBuffer(), sharp(b).resize({ height: 540 }).toBuffer()]);
  const [lw, rw] = await Promise.all([sharp(left).metadata(), sharp(right).metadata()]).then((m) => m.map((x) => x.width!));
  return sharp({ create: { width: lw! + rw!, height: 540, channels: 3, background: "#ffffff" } })
    .composite([
      { input: left, left: 0, top: 0 },
      { input: right, left: lw!, top: 0 },
    ])
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** Another person's photo pasted in the top right corner of a selfie, `ratio` of its width (someone behind). */
export async function personBehind(selfie: Uint8Array, other: Uint8Array, ratio: number): Promise<Buffer> {
  const { width } = await sharp(selfie).metadata();
  const small = await sharp(other)
    .resize({ width: Math.round(width! * ratio) })
    .toBuffer();
  return sharp(selfie)
    .composite([{ input: small, left: width! - Math.round(width! * ratio) - 10, top: 10 }])
    .jpeg({ quality: 88 })
    .toBuffer();
}
