/**
 * Renders public/favicon.ico (16, 32, 48 px PNGs in an ICO) and public/apple-icon.png (180 px, full bleed: iOS
 * rounds the corners itself) from app/icon.svg with headless Chromium, so the mark has one source.
 * Run from the project root after changing the mark: npx tsx scripts/brand-icons.ts
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";
import { chromiumLaunchOptions } from "./chromium";

const root = process.cwd();
const svg = readFileSync(path.join(root, "app", "icon.svg"), "utf8");
const brand = /<rect[^>]*fill="(#[0-9a-f]{6})"/i.exec(svg)?.[1] ?? "#2459b8";

async function render(size: number, fullBleed: boolean): Promise<Buffer> {
  const browser = await chromium.launch(chromiumLaunchOptions());
  try {
    const page = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 });
    const sized = svg.replace("<svg ", `<svg width="${size}" height="${size}" `);
    await page.setContent(
      `<html><body style="margin:0;background:transparent"><div style="width:${size}px;height:${size}px;display:flex;background:${fullBleed ? brand : "transparent"}">${sized}</div></body></html>`,
    );
    return await page.screenshot({ omitBackground: !fullBleed, clip: { x: 0, y: 0, width: size, height: size } });
  } finally {
    await browser.close();
  }
}

/** ICO with PNG-compressed entries (understood by every browser and Windows since Vista). */
function ico(images: { size: number; png: Buffer }[]): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  let offset = 6 + 16 * images.length;
  const entries = images.map(({ size, png }) => {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size >= 256 ? 0 : size, 0);
    entry.writeUInt8(size >= 256 ? 0 : size, 1);
    entry.writeUInt8(0, 2);
    entry.writeUInt8(0, 3);
    entry.writeUInt16LE(1, 4);
    entry.writeUInt16LE(32, 6);
    entry.writeUInt32LE(png.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += png.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...images.map((i) => i.png)]);
}

async function main() {
  const sizes = [16, 32, 48];
  const images = [];
  for (const size of sizes) images.push({ size, png: await render(size, false) });
  writeFileSync(path.join(root, "public", "favicon.ico"), ico(images));
  writeFileSync(path.join(root, "public", "apple-icon.png"), await render(180, true));
  console.log("wrote public/favicon.ico and public/apple-icon.png");
}

void main();
