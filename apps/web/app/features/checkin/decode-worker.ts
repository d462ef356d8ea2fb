/**
 * The scanner's QR decoder off the main thread: ZXing-C++ as WebAssembly (zxing-wasm) in a
 * dedicated worker, so a frame being decoded never holds up the result the page must paint, nor the
 * page's input.
 *
 * Messages in: `{ type: 'init', wasmUrl, side }` once (answered `{ type: 'ready' }` or
 * `{ type: 'failed', message }`), then `{ type: 'decode', id, image }` with a transferred
 * ImageBitmap (the viewfinder's square, already scaled down), answered
 * `{ type: 'decoded', id, texts, workerMs, zxingMs }`: the QR codes' texts, how long the worker took
 * from the picture to the answer and, of that, ZXing itself (ms).
 */
import { prepareZXingModule, readBarcodes, type ReaderOptions } from 'zxing-wasm/reader';

export type DecodeRequest =
  { type: 'init'; wasmUrl: string; side: number } | { type: 'decode'; id: number; image: ImageBitmap };

export type DecodeAnswer =
  | { type: 'ready' }
  | { type: 'failed'; message: string }
  | { type: 'decoded'; id: number; texts: string[]; workerMs: number; zxingMs: number };

/**
 * QR codes only, and only the light path: a missed frame is read again a moment later, so the
 * heavier finder-pattern search (tryHarder), the inverted and rotated passes and the downscaled
 * retries would only slow every read. The default binarizer (LocalAverage) stays: its local
 * thresholds cope with the uneven light of a gate better than one threshold for the whole image.
 */
const READER_OPTIONS: ReaderOptions = {
  formats: ['QRCode'],
  tryHarder: false,
  tryInvert: false,
  tryRotate: false,
  tryDownscale: false,
  maxNumberOfSymbols: 1,
};

const WARM_UP_READS = 8;

// The worker's global scope; the app compiles against the DOM library, not WebWorker's.
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<DecodeRequest>) => void) | null;
  postMessage(answer: DecodeAnswer): void;
};

let canvas: OffscreenCanvas | undefined;
let context: OffscreenCanvasRenderingContext2D | undefined;

function pixelsOf(image: ImageBitmap): ImageData {
  const { width, height } = image;
  if (!canvas || !context || canvas.width !== width || canvas.height !== height) {
    canvas = new OffscreenCanvas(width, height);
    context = canvas.getContext('2d', { willReadFrequently: true }) ?? undefined;
    if (!context) throw new Error('No 2D canvas in the decoder worker');
  }
  context.drawImage(image, 0, 0);
  image.close();
  return context.getImageData(0, 0, width, height);
}

/**
 * Reads a few pictures of noise of the size frames will have. The first reads run in V8's
 * baseline tiers (interpreted JavaScript, Liftoff WebAssembly) and take several times as long;
 * warmed up while the steward sets up, the first pass shown to the camera is read by optimised
 * code.
 */
async function warmUp(side: number) {
  const noise = new ImageData(side, side);
  let seed = 1;
  for (let index = 0; index < noise.data.length; index += 4) {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    noise.data[index] = noise.data[index + 1] = noise.data[index + 2] = seed & 255;
    noise.data[index + 3] = 255;
  }
  for (let round = 0; round < WARM_UP_READS; round++) await readBarcodes(noise, READER_OPTIONS);
}

async function answer(request: DecodeRequest): Promise<DecodeAnswer> {
  if (request.type === 'init') {
    await prepareZXingModule({
      overrides: {
        locateFile: (path: string, prefix: string) =>
          path.endsWith('.wasm') ? request.wasmUrl : prefix + path,
      },
      fireImmediately: true,
    });
    await warmUp(request.side);
    return { type: 'ready' };
  }
  const received = performance.now();
  const pixels = pixelsOf(request.image);
  const started = performance.now();
  const results = await readBarcodes(pixels, READER_OPTIONS);
  return {
    type: 'decoded',
    id: request.id,
    texts: results.filter((result) => result.isValid).map((result) => result.text),
    workerMs: performance.now() - received,
    zxingMs: performance.now() - started,
  };
}

scope.onmessage = ({ data: request }) => {
  answer(request).then(
    (message) => scope.postMessage(message),
    (error: unknown) =>
      // A frame that cannot be read is a frame without a code; the camera reads the next one.
      scope.postMessage(
        request.type === 'init'
          ? { type: 'failed', message: String(error) }
          : { type: 'decoded', id: request.id, texts: [], workerMs: 0, zxingMs: 0 },
      ),
  );
};
