// Demo images drawn from SVG in code and encoded with sharp, so the seed never fetches anything.
import { sharp } from "../storage/image.ts";

// Fixed sizes on purpose: the demo should look the same on every machine.
const LOGO_SIZE = 256;
const HERO = { width: 1600, height: 900 } as const;
const EVENT = { width: 800, height: 450 } as const;
const SPONSOR = { width: 320, height: 120 } as const;
const FONT = "sans-serif";

/** Deterministic PRNG (mulberry32), so every run draws the same pictures. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function hashString(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function parseHex(color: string): [number, number, number] {
  let hex = color.trim().replace(/^#/, "");
  if (hex.length === 3) hex = [...hex].map((c) => c + c).join("");
  const value = /^[0-9a-f]{6}$/i.test(hex) ? parseInt(hex, 16) : 0x808080;
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

/** Mixes `color` toward white (amount > 0) or black (amount < 0). */
function shade(color: string, amount: number): string {
  const target = amount > 0 ? 255 : 0;
  const t = Math.abs(amount);
  return `#${parseHex(color)
    .map((c) => Math.round(c + (target - c) * t).toString(16).padStart(2, "0"))
    .join("")}`;
}

/** Dark text on light colours, white on dark ones (WCAG relative luminance). */
function textOn(color: string): string {
  const [r, g, b] = parseHex(color).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.35 ? "#1f2937" : "#ffffff";
}

/** "The Maple & Oak Café" → "MO": the first letters of the first two significant words. */
export function initials(name: string): string {
  const words = name
    .split(/\s+/)
    .map((w) => w.replace(/[^\p{L}\p{N}]/gu, ""))
    .filter((w) => w.length > 0 && !/^(the|a|an|and|of)$/i.test(w));
  const letters = (words.length > 1 ? [words[0], words[1]] : [words[0] ?? "?"]).map((w) => (w ?? "")[0] ?? "");
  return letters.join("").toUpperCase() || "?";
}

/** Greedy word wrap by character count; the last line gets an ellipsis when text is left over. */
function wrap(text: string, maxChars: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = "";
  const words = text.split(/\s+/).filter(Boolean);
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    const candidate = line ? `${line} ${word}` : word;
    if (candidate.length <= maxChars || !line) {
      line = candidate;
      continue;
    }
    lines.push(line);
    line = word;
    if (lines.length === maxLines) {
      lines[maxLines - 1] = `${lines[maxLines - 1]}…`;
      return lines;
    }
  }
  if (line) lines.push(line);
  return lines;
}

function svg(width: number, height: number, body: string): Buffer {
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`,
  );
}

/**
 * One drawing at a time. Their text goes through librsvg, Pango and fontconfig, and dozens of them rendered at once
 * have been seen to leave one that never finishes (the server then never starts); one at a time takes about a second.
 */
let rendering: Promise<unknown> = Promise.resolve();

// Low encoder effort: several times faster than the default, and these flat drawings compress well anyway.
function toWebp(image: Buffer, quality: number): Promise<Buffer> {
  const encoded = rendering.then(() => sharp(image).webp({ quality, effort: 1 }).toBuffer());
  rendering = encoded.catch(() => undefined);
  return encoded;
}

/** 256×256 WebP: the business's initials on a rounded square of its colour. */
export function renderLogo(name: string, color: string): Promise<Buffer> {
  const text = initials(name);
  const fontSize = text.length > 1 ? 100 : 128;
  const body = `
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${shade(color, 0.15)}"/><stop offset="1" stop-color="${shade(color, -0.2)}"/>
    </linearGradient></defs>
    <rect x="8" y="8" width="240" height="240" rx="52" fill="url(#g)"/>
    <rect x="20" y="20" width="216" height="216" rx="42" fill="none" stroke="${textOn(color)}" stroke-opacity="0.25" stroke-width="4"/>
    <text x="128" y="${128 + fontSize * 0.36}" text-anchor="middle" font-family="${FONT}" font-weight="700"
      font-size="${fontSize}" fill="${textOn(color)}">${escapeXml(text)}</text>`;
  return toWebp(svg(LOGO_SIZE, LOGO_SIZE, body), 82);
}

const HERO_PALETTES = [
  { sky: ["#ffd6a5", "#ff9a8b"], sun: "#fff3c4", far: "#c98b8b", near: "#6d4c5c", street: "#4a3a45", lit: 0.15 }, // dawn
  { sky: ["#8ec5fc", "#e0f2ff"], sun: "#fffbe6", far: "#9bb5cc", near: "#46627a", street: "#3a4a58", lit: 0.05 }, // morning
  { sky: ["#4fc3f7", "#b3e5fc"], sun: "#ffffff", far: "#80a8b8", near: "#2f5d62", street: "#35474c", lit: 0.03 }, // midday
  { sky: ["#f6d365", "#fda085"], sun: "#fff1b8", far: "#c4876a", near: "#7a4a3a", street: "#4d3530", lit: 0.25 }, // golden hour
  { sky: ["#654ea3", "#eaafc8"], sun: "#ffe0f0", far: "#8a6fa8", near: "#3b2d5c", street: "#2b2440", lit: 0.55 }, // dusk
  { sky: ["#0f2027", "#2c5364"], sun: "#f5f3ce", far: "#24404f", near: "#14232c", street: "#0e171d", lit: 0.7 }, // night
] as const;

/** 1600×900 WebP: a stylised downtown street, a different time of day for each index. */
export function renderHeroPhoto(index: number): Promise<Buffer> {
  const palette = HERO_PALETTES[((index % HERO_PALETTES.length) + HERO_PALETTES.length) % HERO_PALETTES.length]!;
  const rand = seededRandom(index * 7919 + 17);
  const { width, height } = HERO;
  const horizon = 640;
  const parts: string[] = [];

  parts.push(`<defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${palette.sky[0]}"/><stop offset="1" stop-color="${palette.sky[1]}"/></linearGradient>
    <radialGradient id="glow"><stop offset="0" stop-color="${palette.sun}" stop-opacity="0.9"/><stop offset="1" stop-color="${palette.sun}" stop-opacity="0"/></radialGradient>
    <linearGradient id="road" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${palette.street}"/><stop offset="1" stop-color="${shade(palette.street, -0.45)}"/></linearGradient>
  </defs>
  <rect width="${width}" height="${height}" fill="url(#sky)"/>`);

  const sunX = 250 + rand() * 1100;
  const sunY = 120 + rand() * 200;
  parts.push(`<circle cx="${sunX.toFixed(0)}" cy="${sunY.toFixed(0)}" r="260" fill="url(#glow)"/>`);
  parts.push(`<circle cx="${sunX.toFixed(0)}" cy="${sunY.toFixed(0)}" r="70" fill="${palette.sun}"/>`);

  // Far skyline: plain silhouettes.
  for (let x = -20; x < width; ) {
    const w = 70 + rand() * 110;
    const h = 120 + rand() * 260;
    parts.push(`<rect x="${x.toFixed(0)}" y="${(horizon - h).toFixed(0)}" width="${w.toFixed(0)}" height="${h.toFixed(0)}" fill="${palette.far}" fill-opacity="0.75"/>`);
    x += w + rand() * 10;
  }

  // Near storefronts with windows, awnings and doors.
  for (let x = -10; x < width; ) {
    const w = 150 + rand() * 120;
    const h = 220 + rand() * 200;
    const top = horizon + 60 - h;
    const facade = shade(palette.near, (rand() - 0.5) * 0.35);
    parts.push(`<rect x="${x.toFixed(0)}" y="${top.toFixed(0)}" width="${w.toFixed(0)}" height="${(h + 10).toFixed(0)}" fill="${facade}"/>`);
    for (let wy = top + 24; wy < horizon - 40; wy += 52) {
      for (let wx = x + 18; wx + 26 < x + w - 12; wx += 44) {
        const lit = rand() < palette.lit;
        parts.push(`<rect x="${wx.toFixed(0)}" y="${wy.toFixed(0)}" width="26" height="32" fill="${lit ? "#ffd97a" : shade(facade, 0.25)}" fill-opacity="${lit ? 0.95 : 0.6}"/>`);
      }
    }
    const awning = ["#e76f51", "#2a9d8f", "#e9c46a", "#f4a261", "#8ab17d", "#c06c84"][Math.floor(rand() * 6)]!;
    parts.push(`<path d="M${(x + 10).toFixed(0)} ${horizon - 10} h${(w - 20).toFixed(0)} l-14 34 h${(-(w - 48)).toFixed(0)} z" fill="${awning}"/>`);
    parts.push(`<rect x="${(x + w / 2 - 16).toFixed(0)}" y="${horizon + 26}" width="32" height="34" fill="${shade(facade, -0.4)}"/>`);
    x += w + 6;
  }

  // Street in perspective, with a centre line and a row of trees and lamps along the sidewalk.
  parts.push(`<rect x="0" y="${horizon + 60}" width="${width}" height="${height - horizon - 60}" fill="url(#road)"/>`);
  parts.push(`<rect x="0" y="${horizon + 60}" width="${width}" height="26" fill="${shade(palette.street, 0.3)}"/>`);
  // Centre-line dashes that widen and lengthen toward the viewer.
  const roadTop = horizon + 86;
  const at = (t: number) => roadTop + (height - roadTop) * t ** 1.5;
  const halfWidth = (y: number) => 1.5 + (y - roadTop) * 0.05;
  for (let i = 0; i < 7; i++) {
    const y0 = at(i / 7);
    const y1 = at((i + 0.55) / 7);
    const cx = width / 2;
    parts.push(
      `<path d="M${(cx - halfWidth(y0)).toFixed(1)} ${y0.toFixed(1)} L${(cx + halfWidth(y0)).toFixed(1)} ${y0.toFixed(1)} L${(cx + halfWidth(y1)).toFixed(1)} ${y1.toFixed(1)} L${(cx - halfWidth(y1)).toFixed(1)} ${y1.toFixed(1)} Z" fill="#f5f0e1" fill-opacity="0.75"/>`,
    );
  }
  for (let tx = 80 + rand() * 60; tx < width; tx += 230 + rand() * 60) {
    const r = 38 + rand() * 16;
    parts.push(`<rect x="${(tx - 5).toFixed(0)}" y="${horizon + 20}" width="10" height="66" fill="#3b2f2f"/>`);
    parts.push(`<circle cx="${tx.toFixed(0)}" cy="${(horizon + 10).toFixed(0)}" r="${r.toFixed(0)}" fill="#3f7d4e" fill-opacity="0.92"/>`);
    parts.push(`<circle cx="${(tx - r * 0.35).toFixed(0)}" cy="${(horizon - r * 0.3).toFixed(0)}" r="${(r * 0.55).toFixed(0)}" fill="#5a9e6a" fill-opacity="0.8"/>`);
    const lx = tx + 115;
    parts.push(`<rect x="${lx.toFixed(0)}" y="${horizon - 60}" width="6" height="146" fill="#222"/>`);
    parts.push(`<circle cx="${(lx + 3).toFixed(0)}" cy="${horizon - 64}" r="12" fill="${palette.lit > 0.3 ? "#ffe08a" : "#dddddd"}"/>`);
  }
  // String lights across the street at dusk and night.
  if (palette.lit > 0.3) {
    for (let i = 0; i <= 40; i++) {
      const x = (i / 40) * width;
      const y = horizon - 200 + Math.sin((i / 40) * Math.PI) * 60;
      parts.push(`<circle cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" r="5" fill="#ffe8a3"/>`);
    }
  }

  return toWebp(svg(width, height, parts.join("")), 70);
}

/** 800×450 WebP: the event's name on a banner of its colour with confetti. */
export function renderEventImage(name: string, color: string): Promise<Buffer> {
  const { width, height } = EVENT;
  const rand = seededRandom(hashString(name));
  const ink = textOn(shade(color, -0.1));
  const confetti: string[] = [];
  for (let i = 0; i < 36; i++) {
    const hue = Math.floor(rand() * 360);
    confetti.push(
      `<circle cx="${(rand() * width).toFixed(0)}" cy="${(rand() * height).toFixed(0)}" r="${(4 + rand() * 18).toFixed(0)}" fill="hsl(${hue},80%,70%)" fill-opacity="${(0.25 + rand() * 0.4).toFixed(2)}"/>`,
    );
  }
  const lines = wrap(name, 20, 3);
  const fontSize = lines.length > 2 ? 48 : 56;
  const firstY = height / 2 - ((lines.length - 1) * fontSize * 1.15) / 2 + fontSize * 0.36;
  const text = lines
    .map((line, i) => `<tspan x="${width / 2}" y="${(firstY + i * fontSize * 1.15).toFixed(0)}">${escapeXml(line)}</tspan>`)
    .join("");
  const body = `
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${shade(color, 0.1)}"/><stop offset="1" stop-color="${shade(color, -0.35)}"/>
    </linearGradient></defs>
    <rect width="${width}" height="${height}" fill="url(#g)"/>
    ${confetti.join("")}
    <rect x="40" y="40" width="${width - 80}" height="${height - 80}" rx="24" fill="none" stroke="${ink}" stroke-opacity="0.35" stroke-width="3"/>
    <text text-anchor="middle" font-family="${FONT}" font-weight="700" font-size="${fontSize}" fill="${ink}">${text}</text>`;
  return toWebp(svg(width, height, body), 75);
}

/** 320×120 WebP: a sponsor's wordmark beside a round emblem. */
export function renderSponsorLogo(name: string): Promise<Buffer> {
  const { width, height } = SPONSOR;
  const hue = hashString(name) % 360;
  const color = `hsl(${hue},55%,42%)`;
  // About 12 characters of bold text fit beside the badge on one line.
  const lines = wrap(name, 12, 2);
  const fontSize = lines.length > 1 ? 22 : 26;
  const firstY = height / 2 - ((lines.length - 1) * fontSize * 1.2) / 2 + fontSize * 0.36;
  const text = lines
    .map((line, i) => `<tspan x="118" y="${(firstY + i * fontSize * 1.2).toFixed(0)}">${escapeXml(line)}</tspan>`)
    .join("");
  const body = `
    <rect x="2" y="2" width="${width - 4}" height="${height - 4}" rx="16" fill="#ffffff" stroke="#e5e7eb" stroke-width="2"/>
    <circle cx="60" cy="60" r="38" fill="${color}"/>
    <circle cx="60" cy="60" r="28" fill="none" stroke="#ffffff" stroke-width="3" stroke-opacity="0.6"/>
    <text x="60" y="${60 + 30 * 0.36}" text-anchor="middle" font-family="${FONT}" font-weight="700" font-size="30" fill="#ffffff">${escapeXml(initials(name))}</text>
    <text font-family="${FONT}" font-weight="700" font-size="${fontSize}" fill="#1f2937">${text}</text>`;
  return toWebp(svg(width, height, body), 85);
}
