// Writes the landing page's images into public/ (run once by hand: `node scripts/make-images.mjs`;
// the outputs are committed). The illustration is drawn here as SVG, then encoded as AVIF and WebP
// at two widths; the Open Graph image and the app icons are PNG, as their readers expect.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const publicDir = path.resolve(import.meta.dirname, '../public');
fs.mkdirSync(path.join(publicDir, 'images'), { recursive: true });

const crowd = Array.from({ length: 15 }, (_, i) => {
  const x = 20 + i * 66 + (i % 2) * 14;
  const h = 70 + ((i * 37) % 40);
  const arm =
    i % 3 === 0 ? `<path d="M${x + 8} ${640 - h + 30} l-22 -70" stroke="#0b1f1d" stroke-width="12" stroke-linecap="round"/>` : '';
  return `${arm}<circle cx="${x + 20}" cy="${640 - h}" r="20" fill="#0b1f1d"/><rect x="${x}" y="${640 - h + 18}" width="40" height="${h}" rx="18" fill="#0b1f1d"/>`;
}).join('');
const lights = Array.from({ length: 18 }, (_, i) => {
  const x = 40 + i * 52;
  const y = 120 + Math.sin((i / 17) * Math.PI) * 60;
  const color = ['#fbbf24', '#f87171', '#34d399', '#60a5fa'][i % 4];
  return `<circle cx="${x}" cy="${y}" r="8" fill="${color}"/><circle cx="${x}" cy="${y}" r="18" fill="${color}" opacity=".25"/>`;
}).join('');
const illustration = `<svg xmlns="http://www.w3.org/2000/svg" width="960" height="640" viewBox="0 0 960 640">
<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#134e4a"/><stop offset=".55" stop-color="#0f766e"/><stop offset="1" stop-color="#f59e0b"/></linearGradient>
<radialGradient id="glow" cx=".5" cy=".55" r=".5"><stop offset="0" stop-color="#fde68a" stop-opacity=".9"/><stop offset="1" stop-color="#fde68a" stop-opacity="0"/></radialGradient></defs>
<rect width="960" height="640" fill="url(#sky)"/>
<circle cx="480" cy="330" r="260" fill="url(#glow)"/>
<path d="M0 430 L60 400 L60 340 L110 340 L110 380 L170 360 L170 300 L210 300 L210 370 L270 350 L270 390 L330 380 L330 420 L630 420 L630 370 L690 360 L690 310 L740 310 L740 370 L800 350 L800 390 L860 380 L860 330 L910 330 L910 400 L960 410 L960 640 L0 640 Z" fill="#115e59" opacity=".8"/>
<rect x="300" y="300" width="360" height="150" rx="10" fill="#0b1f1d"/><rect x="320" y="320" width="320" height="90" rx="6" fill="#f59e0b" opacity=".9"/>
<path d="M360 388 q20 -50 40 0 M420 388 q20 -60 40 0 M480 388 q20 -45 40 0 M540 388 q20 -55 40 0" stroke="#0b1f1d" stroke-width="10" fill="none" stroke-linecap="round"/>
<path d="M20 100 Q480 260 940 100" stroke="#0b1f1d" stroke-width="3" fill="none"/>${lights}${crowd}
</svg>`;

for (const width of [480, 960]) {
  const base = sharp(Buffer.from(illustration)).resize(width);
  await base
    .clone()
    .avif({ quality: 50, effort: 6 })
    .toFile(path.join(publicDir, `images/communaute-${width}.avif`));
  await base
    .clone()
    .webp({ quality: 70 })
    .toFile(path.join(publicDir, `images/communaute-${width}.webp`));
}

const og = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
<rect width="1200" height="630" fill="#0f766e"/>
<image href="data:image/svg+xml;base64,${Buffer.from(illustration).toString('base64')}" x="600" y="0" width="945" height="630" preserveAspectRatio="xMidYMid slice"/>
<rect width="700" height="630" fill="#0f766e"/>
<rect x="70" y="80" width="96" height="96" rx="22" fill="#fff"/><path d="M97 107h42v9h-31.5v9h27v9h-27v9h31.5v9h-42z" fill="#0f766e"/>
<text x="70" y="290" font-family="DejaVu Sans, sans-serif" font-size="64" font-weight="700" fill="#fff">Évènements</text>
<text x="70" y="370" font-family="DejaVu Sans, sans-serif" font-size="64" font-weight="700" fill="#fff">Cameroun</text>
<text x="70" y="450" font-family="DejaVu Sans, sans-serif" font-size="30" fill="#ccfbf1">Les évènements près de chez vous.</text>
<text x="70" y="510" font-family="DejaVu Sans, sans-serif" font-size="30" fill="#fde68a">Rejoignez la liste d’attente !</text>
</svg>`;
await sharp(Buffer.from(og)).png({ compressionLevel: 9, palette: true }).toFile(path.join(publicDir, 'og-image.png'));

const favicon = fs.readFileSync(path.join(publicDir, 'favicon.svg'));
for (const size of [192, 512]) {
  await sharp(favicon, { density: 600 })
    .resize(size, size)
    .png()
    .toFile(path.join(publicDir, `icon-${size}.png`));
}
// A full-bleed square for Android's masked icons and iOS.
const square = favicon.toString().replace('rx="14"', 'rx="0"');
await sharp(Buffer.from(square), { density: 600 }).resize(512, 512).png().toFile(path.join(publicDir, 'icon-maskable-512.png'));
await sharp(Buffer.from(square), { density: 600 }).resize(180, 180).png().toFile(path.join(publicDir, 'apple-touch-icon.png'));
