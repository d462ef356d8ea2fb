/**
 * Writes the content pages' illustrations (sample sponsor logos, avatars, activity and schedule
 * images, the award-night picture) into public/images/ from the API's seeded samples and
 * app/content/, so the pictures and their text alternatives come from one place. Small hand-written SVG, system fonts
 * only (no font downloads). Run after editing that data: `npx tsx scripts/generate-content-images.ts`.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import escapeHtml from 'escape-html';
// The sample collections live once, in the API's seed; this script only draws their pictures.
import { CONTENT_SAMPLES } from '../../api/src/db/seed/content-collections';
import type { ContentImage } from '../app/content/schemas';
import { seasonOne } from '../app/content/season-one';
import { sharkTankStartups } from '../app/content/shark-tank';

const publicDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../public');

/** Pairs of [background, accent] colours, cycled by index; all pass 4.5:1 for white text on the background. */
const palettes: [string, string][] = [
  ['#1b1f52', '#ffb547'],
  ['#2f3794', '#5eead4'],
  ['#7c2d12', '#fde68a'],
  ['#14532d', '#bef264'],
  ['#581c87', '#f9a8d4'],
  ['#0c4a6e', '#7dd3fc'],
];

/** The palette for the `index`th image. */
function palette(index: number): [string, string] {
  return palettes[index % palettes.length] ?? ['#1b1f52', '#ffb547'];
}

const FONT = 'font-family="system-ui,-apple-system,\'Segoe UI\',Roboto,Arial,sans-serif"';

function svg(image: ContentImage, body: string): string {
  const { width, height, alt } = image;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeHtml(alt)}">${body}</svg>\n`;
}

/** Centred lines of text; long titles wrap at about `maxChars` characters. */
function textLines(
  text: string,
  x: number,
  y: number,
  size: number,
  fill: string,
  maxChars: number,
  weight = 700,
) {
  const lines: string[] = [];
  for (const word of text.split(' ')) {
    const last = lines.at(-1);
    if (last !== undefined && `${last} ${word}`.length <= maxChars)
      lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines
    .map(
      (line, index) =>
        `<text x="${x}" y="${y + index * size * 1.25}" ${FONT} font-size="${size}" font-weight="${weight}" fill="${fill}" text-anchor="middle">${escapeHtml(line)}</text>`,
    )
    .join('');
}

function initials(name: string): string {
  return name
    .split(' ')
    .filter((part) => /^[A-Z0-9]/.test(part))
    .map((part) => part[0])
    .join('')
    .slice(0, 3);
}

function sponsorLogo(image: ContentImage, name: string, index: number): string {
  const [background, accent] = palette(index);
  return svg(
    image,
    `<rect width="240" height="120" rx="12" fill="#fff"/><rect x="16" y="30" width="60" height="60" rx="${index % 2 ? 30 : 10}" fill="${background}"/>` +
      `<path d="M30 76 46 44l16 32z" fill="${accent}"/>` +
      textLines(name.replace('Sample ', ''), 156, 58, 18, background, 12) +
      `<text x="156" y="100" ${FONT} font-size="12" fill="#475569" text-anchor="middle">SAMPLE</text>`,
  );
}

function avatar(image: ContentImage, name: string, index: number): string {
  const [background, accent] = palette(index);
  return svg(
    image,
    `<rect width="240" height="240" fill="${background}"/><circle cx="120" cy="96" r="44" fill="${accent}" opacity=".9"/>` +
      `<path d="M40 240c8-56 40-84 80-84s72 28 80 84z" fill="${accent}" opacity=".9"/>` +
      `<text x="120" y="108" ${FONT} font-size="32" font-weight="700" fill="${background}" text-anchor="middle">${escapeHtml(initials(name))}</text>`,
  );
}

function illustration(image: ContentImage, title: string, index: number, caption?: string): string {
  const [background, accent] = palette(index);
  const { width, height } = image;
  return svg(
    image,
    `<rect width="${width}" height="${height}" fill="${background}"/>` +
      `<circle cx="${width * 0.85}" cy="${height * 0.2}" r="${height * 0.3}" fill="${accent}" opacity=".25"/>` +
      `<circle cx="${width * 0.1}" cy="${height * 0.95}" r="${height * 0.35}" fill="${accent}" opacity=".18"/>` +
      `<rect x="${width / 2 - 36}" y="${height * 0.18}" width="72" height="8" rx="4" fill="${accent}"/>` +
      textLines(title, width / 2, height * 0.45, Math.round(width / 16), '#fff', 20) +
      (caption ? textLines(caption, width / 2, height * 0.85, Math.round(width / 28), accent, 40, 600) : ''),
  );
}

function scheduleCard(image: ContentImage, day: string, time: string, title: string, index: number): string {
  const [background, accent] = palette(index);
  return svg(
    image,
    `<rect width="480" height="360" rx="16" fill="${background}"/>` +
      `<rect x="32" y="32" width="416" height="56" rx="10" fill="${accent}"/>` +
      `<text x="240" y="68" ${FONT} font-size="22" font-weight="700" fill="${background}" text-anchor="middle">${escapeHtml(day)}</text>` +
      `<text x="240" y="160" ${FONT} font-size="44" font-weight="800" fill="#fff" text-anchor="middle">${escapeHtml(time)}</text>` +
      textLines(title, 240, 226, 28, '#fff', 24, 600) +
      `<text x="240" y="330" ${FONT} font-size="14" fill="${accent}" text-anchor="middle">SAMPLE SCHEDULE</text>`,
  );
}

function awardNight(image: ContentImage): string {
  const trophies = [300, 600, 900]
    .map(
      (x, index) =>
        `<g transform="translate(${x} ${index === 1 ? 300 : 340})" fill="#ffb547"><path d="M-50 0h100c0 60-20 90-50 100-30-10-50-40-50-100z"/><rect x="-12" y="100" width="24" height="50"/><rect x="-45" y="150" width="90" height="20" rx="4"/></g>`,
    )
    .join('');
  return svg(
    image,
    `<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#11133a"/><stop offset="1" stop-color="#2f3794"/></linearGradient></defs>` +
      `<rect width="1200" height="675" fill="url(#g)"/>` +
      `<path d="M0 560h1200v115H0z" fill="#1b1f52"/><path d="M200 0 380 560H20zM1000 0l180 560H820z" fill="#fff" opacity=".06"/>` +
      trophies +
      `<text x="600" y="120" ${FONT} font-size="56" font-weight="800" fill="#fff" text-anchor="middle">Startup Fest Award Night 2023</text>` +
      `<text x="600" y="630" ${FONT} font-size="24" fill="#ffb547" text-anchor="middle">Illustration</text>`,
  );
}

async function write(image: ContentImage, content: string) {
  const file = path.join(publicDir, image.src);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, content);
}

/** A seeded entry's picture as the drawing functions take it. */
function imageOf(entry: (typeof CONTENT_SAMPLES)['speakers'][number]): ContentImage {
  if (!entry.imageUrl || !entry.imageWidth || !entry.imageHeight || !entry.imageAlt) {
    throw new Error(`The sample ${entry.key} has no complete image`);
  }
  return { src: entry.imageUrl, width: entry.imageWidth, height: entry.imageHeight, alt: entry.imageAlt };
}

await Promise.all([
  ...CONTENT_SAMPLES.sponsors.map((sponsor, index) =>
    write(imageOf(sponsor), sponsorLogo(imageOf(sponsor), sponsor.name, index)),
  ),
  ...CONTENT_SAMPLES.speakers.map((person, index) =>
    write(imageOf(person), avatar(imageOf(person), person.name, index)),
  ),
  ...CONTENT_SAMPLES.activities.map((activity, index) =>
    write(imageOf(activity), illustration(imageOf(activity), activity.name, index)),
  ),
  ...sharkTankStartups.map((startup, index) =>
    write(startup.image, illustration(startup.image, startup.name, index, `${startup.sector} · sample`)),
  ),
  ...CONTENT_SAMPLES['event-flow'].map((slot, index) =>
    write(imageOf(slot), scheduleCard(imageOf(slot), slot.group ?? '', slot.caption ?? '', slot.name, index)),
  ),
  write(seasonOne.awardNightImage, awardNight(seasonOne.awardNightImage)),
]);
