/**
 * The scanner specs' camera: the QR code of a pass email, and the videos Chromium's fake camera
 * plays (`--use-file-for-fake-video-capture`).
 */
import { writeFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, outboxMessagesMentioning } from './fixtures';

/** The PNG QR code attached to the pass email sent to `email`. */
export async function passEmailQr(email: string): Promise<string> {
  let message = '';
  await expect
    .poll(async () => {
      message = (await outboxMessagesMentioning(email)).find((text) => text.includes('image/png')) ?? '';
      return message;
    })
    .not.toBe('');
  const part = /Content-Type: image\/png[^]*?\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/.exec(message);
  if (!part?.[1]) throw new Error('no PNG in the pass email');
  return `data:image/png;base64,${part[1].replace(/\s+/g, '')}`;
}

/**
 * A YUV4MPEG2 video (640×480, grey) whose frames show the image at `pngDataUrl` in the middle on
 * white, for `--use-file-for-fake-video-capture`. The browser decodes the PNG to pixels.
 */
export async function cameraVideo(page: Page, pngDataUrl: string, file: string) {
  const width = 640;
  const height = 480;
  const side = 400;
  const luma: number[] = await page.evaluate(
    async ({ url, side }) => {
      // An <img> (the page's CSP allows data: images, not fetching them).
      const image = new Image();
      image.src = url;
      await image.decode();
      const canvas = new OffscreenCanvas(side, side);
      const context = canvas.getContext('2d')!;
      context.imageSmoothingEnabled = false;
      context.drawImage(image, 0, 0, side, side);
      const { data } = context.getImageData(0, 0, side, side);
      return Array.from({ length: side * side }, (_, index) => data[index * 4]!);
    },
    { url: pngDataUrl, side },
  );
  const y = Buffer.alloc(width * height, 255);
  const left = (width - side) / 2;
  const top = (height - side) / 2;
  for (let row = 0; row < side; row++) {
    for (let column = 0; column < side; column++)
      y[(top + row) * width + left + column] = luma[row * side + column]!;
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), y, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  await writeFile(file, Buffer.concat([header, ...Array.from({ length: 10 }, () => frame)]));
}

/** A camera video of a blank grey frame, for tests that do not scan with the camera. */
export async function blankVideo(file: string) {
  const frame = Buffer.concat([Buffer.from('FRAME\n'), Buffer.alloc(64 * 48 * 1.5, 128)]);
  await writeFile(file, Buffer.concat([Buffer.from('YUV4MPEG2 W64 H48 F10:1 Ip A1:1 C420jpeg\n'), frame]));
}
