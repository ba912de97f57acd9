#!/usr/bin/env node
// Generates apple-touch-icon.png (180x180) and og.png (1200x630) for each demo game
// with a minimal PNG encoder (IHDR, IDAT via node:zlib deflate, IEND, CRC32).
// Usage: node apps/server/assets/tools/make-png.mjs
import { deflateSync } from 'node:zlib';
import { writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const OUT = join(dirname(fileURLToPath(import.meta.url)), '..', 'images', 'games');

// ---------- PNG encoder ----------
const CRC_TABLE = new Uint32Array(256).map((_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}
/** rgb: Uint8Array of width*height*3 */
export function encodePng(width, height, rgb) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // colour type: truecolour
  ihdr[10] = 0; ihdr[11] = 0; ihdr[12] = 0;
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width * 3 + 1)] = 0; // filter: none
    rgb.subarray(y * width * 3, (y + 1) * width * 3).forEach((v, i) => (raw[y * (width * 3 + 1) + 1 + i] = v));
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

// ---------- tiny SDF rasteriser ----------
const hex = (h) => [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16));
const mix = (a, b, t) => a.map((v, i) => v + (b[i] - v) * t);
const clamp = (v) => Math.max(0, Math.min(1, v));

function sdPolygon(px, py, pts) {
  let d = Infinity;
  let s = 1;
  for (let i = 0, j = pts.length - 1; i < pts.length; j = i++) {
    const [xi, yi] = pts[i];
    const [xj, yj] = pts[j];
    const ex = xj - xi, ey = yj - yi, wx = px - xi, wy = py - yi;
    const t = clamp((wx * ex + wy * ey) / (ex * ex + ey * ey));
    const dx = wx - ex * t, dy = wy - ey * t;
    d = Math.min(d, dx * dx + dy * dy);
    const c1 = py >= yi, c2 = py < yj, c3 = ex * wy > ey * wx;
    if ((c1 && c2 && c3) || (!c1 && !c2 && !c3)) s = -s;
  }
  return s * Math.sqrt(d);
}
function sdf(shape, x, y) {
  switch (shape.k) {
    case 'circle': return Math.hypot(x - shape.x, y - shape.y) - shape.r;
    case 'ring': return Math.abs(Math.hypot(x - shape.x, y - shape.y) - shape.r) - shape.w / 2;
    case 'poly': return sdPolygon(x, y, shape.pts);
    case 'minus': return Math.max(sdf(shape.p, x, y), -sdf(shape.q, x, y));
    default: throw new Error(shape.k);
  }
}

/**
 * Renders a scene: a vertical gradient background and shapes laid out in a unit
 * "icon" square, placed at (ox, oy) with side `size` pixels.
 */
function render(w, h, scene, ox, oy, size, extras = []) {
  const top = hex(scene.bg[0]), bottom = hex(scene.bg[1]);
  const shapes = [...extras, ...scene.shapes].map((s) => ({ ...s, rgb: hex(s.c), a: s.a ?? 1 }));
  const px = new Uint8Array(w * h * 3);
  for (let y = 0; y < h; y++) {
    const base = mix(top, bottom, y / (h - 1));
    for (let x = 0; x < w; x++) {
      let col = base;
      for (const s of shapes) {
        const sc = s.screen ? 1 : size;
        const ux = s.screen ? x / w * (w / h) : (x + 0.5 - ox) / size;
        const uy = s.screen ? y / h : (y + 0.5 - oy) / size;
        const d = sdf(s, ux, uy) * (s.screen ? h : sc);
        const cov = clamp(0.5 - d) * s.a;
        if (cov > 0) col = mix(col, s.rgb, cov);
      }
      const i = (y * w + x) * 3;
      px[i] = col[0]; px[i + 1] = col[1]; px[i + 2] = col[2];
    }
  }
  return px;
}

const hexagon = (cx, cy, r) => Array.from({ length: 6 }, (_, i) => [cx + r * Math.sin((i * Math.PI) / 3), cy - r * Math.cos((i * Math.PI) / 3)]);
const diamond = (cx, cy, r) => [[cx, cy - r], [cx + r, cy], [cx, cy + r], [cx - r, cy]];

const GAMES = {
  familytown: {
    bg: ['#bfe8ff', '#fff3c4'],
    shapes: [
      { k: 'circle', x: 0.76, y: 0.24, r: 0.12, c: '#ffd55a' },
      { k: 'circle', x: 0.5, y: 1.45, r: 0.72, c: '#5cb85c' },
      { k: 'poly', pts: [[0.24, 0.8], [0.24, 0.5], [0.5, 0.3], [0.76, 0.5], [0.76, 0.8]], c: '#ffcf4a' },
      { k: 'poly', pts: [[0.16, 0.52], [0.5, 0.24], [0.84, 0.52], [0.8, 0.57], [0.5, 0.33], [0.2, 0.57]], c: '#c8553d' },
      { k: 'poly', pts: [[0.42, 0.8], [0.42, 0.6], [0.58, 0.6], [0.58, 0.8]], c: '#c8553d' },
      { k: 'circle', x: 0.5, y: 0.47, r: 0.045, c: '#fff8e1' },
    ],
    ogExtras: [
      { k: 'circle', screen: true, x: 0.25, y: 1.25, r: 0.6, c: '#7cc85a' },
      { k: 'circle', screen: true, x: 0.3, y: 0.25, r: 0.07, c: '#ffffff', a: 0.85 },
      { k: 'circle', screen: true, x: 0.4, y: 0.22, r: 0.09, c: '#ffffff', a: 0.85 },
    ],
  },
  neuroarena: {
    bg: ['#1d0c45', '#05050f'],
    shapes: [
      { k: 'ring', x: 0.5, y: 0.5, r: 0.4, w: 0.02, c: '#00f0ff', a: 0.5 },
      { k: 'minus', p: { k: 'poly', pts: hexagon(0.5, 0.5, 0.32) }, q: { k: 'poly', pts: hexagon(0.5, 0.5, 0.26) }, c: '#00f0ff' },
      { k: 'poly', pts: [[0.36, 0.66], [0.36, 0.34], [0.43, 0.34], [0.57, 0.52], [0.57, 0.34], [0.64, 0.34], [0.64, 0.66], [0.57, 0.66], [0.43, 0.48], [0.43, 0.66]], c: '#ff2bd6' },
    ],
    ogExtras: [
      { k: 'poly', screen: true, pts: [[0, 0.74], [1.91, 0.74], [1.91, 0.755], [0, 0.755]], c: '#ff2bd6' },
      { k: 'poly', screen: true, pts: diamond(0.35, 0.3, 0.04), c: '#ff2bd6' },
      { k: 'poly', screen: true, pts: diamond(0.55, 0.5, 0.03), c: '#00f0ff' },
      { k: 'poly', screen: true, pts: diamond(0.2, 0.55, 0.025), c: '#ff2bd6' },
    ],
  },
  islandm3: {
    bg: ['#7fe3f0', '#0a8c9a'],
    shapes: [
      { k: 'circle', x: 0.5, y: 0.92, r: 0.34, c: '#f4d9a0' },
      { k: 'poly', pts: [[0.47, 0.8], [0.5, 0.5], [0.56, 0.3], [0.6, 0.31], [0.55, 0.5], [0.53, 0.8]], c: '#8a5a35' },
      { k: 'poly', pts: [[0.58, 0.3], [0.3, 0.26], [0.22, 0.36]], c: '#2fa66a' },
      { k: 'poly', pts: [[0.58, 0.3], [0.82, 0.2], [0.9, 0.32]], c: '#2fa66a' },
      { k: 'poly', pts: [[0.58, 0.3], [0.5, 0.12], [0.62, 0.12]], c: '#3fbf7a' },
      { k: 'poly', pts: diamond(0.25, 0.62, 0.08), c: '#ff7a59' },
      { k: 'circle', x: 0.77, y: 0.62, r: 0.07, c: '#ffd75e' },
    ],
    ogExtras: [
      { k: 'poly', screen: true, pts: [[0, 0.62], [1.91, 0.62], [1.91, 1], [0, 1]], c: '#1ec8c8', a: 0.6 },
      { k: 'circle', screen: true, x: 0.25, y: 0.22, r: 0.09, c: '#fff2a8' },
    ],
  },
  afterdark: {
    bg: ['#0c0616', '#4a0f2e'],
    shapes: [
      { k: 'circle', x: 0.5, y: 0.5, r: 0.42, c: '#ff3d7f', a: 0.12 },
      { k: 'minus', p: { k: 'circle', x: 0.46, y: 0.52, r: 0.3 }, q: { k: 'circle', x: 0.6, y: 0.42, r: 0.25 }, c: '#ff3d7f' },
      { k: 'circle', x: 0.7, y: 0.26, r: 0.035, c: '#e8b86d' },
      { k: 'circle', x: 0.78, y: 0.38, r: 0.02, c: '#e8b86d', a: 0.7 },
    ],
    ogExtras: [
      { k: 'circle', screen: true, x: 0.3, y: 0.3, r: 0.05, c: '#ff3d7f', a: 0.35 },
      { k: 'circle', screen: true, x: 0.55, y: 0.75, r: 0.035, c: '#7b3fe4', a: 0.5 },
      { k: 'circle', screen: true, x: 0.15, y: 0.7, r: 0.03, c: '#e8b86d', a: 0.5 },
      { k: 'poly', screen: true, pts: [[0, 0.9], [1.91, 0.9], [1.91, 0.91], [0, 0.91]], c: '#ff3d7f', a: 0.6 },
    ],
  },
};

for (const [name, scene] of Object.entries(GAMES)) {
  const dir = join(OUT, name);
  mkdirSync(dir, { recursive: true });
  const icon = render(180, 180, scene, 0, 0, 180);
  writeFileSync(join(dir, 'apple-touch-icon.png'), encodePng(180, 180, icon));
  const og = render(1200, 630, scene, 1200 - 630 * 0.9 - 90, 630 * 0.05, 630 * 0.9, scene.ogExtras);
  writeFileSync(join(dir, 'og.png'), encodePng(1200, 630, og));
  console.log(`${name}: apple-touch-icon.png, og.png`);
}
