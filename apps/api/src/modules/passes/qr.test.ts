/**
 * The pass's QR code images, read back by a real decoder (ZXing, as the gate scanner uses): the
 * PNG of the email and of the printable PDF carry the signed token exactly, with square modules.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { passQrPng } from './service.js';

/** A token of the real length and alphabet (docs/pass-token.md: 128 base64url characters). */
const PAYLOAD = `SFG1.${'eyJwIjoiU0ZHMjQtUEFTUy0wMDAxIiwiZSI6MX0'.repeat(3)}.AbC-_9`
  .padEnd(128, 'x')
  .slice(0, 128);

/** The symbol's side in modules, with the margin of 2 on each side. */
const CELLS =
  QRCode.create([{ data: Buffer.from(PAYLOAD), mode: 'byte' }], { errorCorrectionLevel: 'M' }).modules.size +
  4;

beforeAll(async () => {
  // In Node the decoder's WebAssembly comes from the package, not from its default CDN.
  const wasm = createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm');
  const wasmBinary = (await readFile(wasm)).buffer;
  await prepareZXingModule({ overrides: { wasmBinary }, fireImmediately: true });
});

describe('passQrPng', () => {
  it.each([300, 600])('draws a PNG near %i px that decodes to the token', async (width) => {
    const png = await passQrPng(PAYLOAD, width);
    const { width: drawn, height, channels, format } = await sharp(png).metadata();
    expect(format).toBe('png');
    expect(channels).toBe(1);
    expect(drawn).toBe(height);
    // Whole pixels per module: the side is a multiple of the modules with their margin.
    expect(drawn! % CELLS).toBe(0);
    expect(Math.abs(drawn! - width)).toBeLessThanOrEqual(CELLS / 2);

    const [read] = await readBarcodes(new Uint8Array(png), { formats: ['QRCode'], tryHarder: false });
    expect(read?.isValid).toBe(true);
    expect(read?.text).toBe(PAYLOAD);
  });

  it('draws each module black on white from the top-left finder pattern on', async () => {
    const png = await passQrPng(PAYLOAD);
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    const scale = info.width / CELLS;
    const at = (row: number, column: number) =>
      data[(Math.floor(row * scale) * info.width + Math.floor(column * scale)) * info.channels];
    // The margin is white, the finder's outer ring black, its inner ring white, its centre black.
    expect(at(0, 0)).toBe(255);
    expect(at(2, 2)).toBe(0);
    expect(at(3, 3)).toBe(255);
    expect(at(5, 5)).toBe(0);
  });
});
