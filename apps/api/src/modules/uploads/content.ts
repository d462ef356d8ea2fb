/**
 * Content checks that leave an accepted upload unable to carry a payload. The
 * magic bytes only say what a file claims to be: a PNG signature followed by HTML passes them.
 * So images are decoded and encoded again (sharp, libvips): what is stored is pixels we wrote,
 * without the sender's metadata (EXIF GPS location, comments, ICC profiles, anything appended).
 * PDFs cannot be rewritten faithfully, so they are parsed (PDF.js, the parser Firefox uses)
 * page by page and refused when the structure does not hold or when they carry scripts or
 * attached files.
 */
import sharp, { type Sharp } from 'sharp';

/**
 * Largest image accepted, in pixels (width × height, all frames of an animation together),
 * checked from the header before decoding so that a small file cannot expand into gigabytes
 * (a decompression bomb). 50 megapixels covers any camera's full-resolution photo.
 */
export const MAX_IMAGE_PIXELS = 50_000_000;

/** What a failed content check says; the store turns it into a 415 or 413 with the field's label. */
export type ContentProblem = 'undecodable' | 'too-many-pixels' | 'active-content';

export class ContentCheckError extends Error {
  constructor(
    readonly problem: ContentProblem,
    options?: ErrorOptions,
  ) {
    super(`upload content check failed: ${problem}`, options);
  }
}

/** Output settings per accepted image type: the same format back, at a quality close to the source. */
function encode(image: Sharp, mime: string): Sharp {
  switch (mime) {
    case 'image/png':
      return image.png();
    case 'image/jpeg':
      return image.jpeg({ quality: 90 });
    case 'image/webp':
      return image.webp({ quality: 90 });
    case 'image/gif':
      return image.gif();
    default:
      throw new ContentCheckError('undecodable');
  }
}

/**
 * Decodes `input` (an image of type `mime`, as sniffed) and encodes it again in the same format,
 * rotated upright by its EXIF orientation and without any metadata. Animated GIF and WebP keep
 * their frames.
 * @throws ContentCheckError 'undecodable' when libvips cannot decode it completely (sharp's
 *   `failOn: 'warning'`, its advice for untrusted input), 'too-many-pixels' over MAX_IMAGE_PIXELS.
 */
export async function reencodeImage(input: Buffer, mime: string): Promise<Buffer> {
  const animated = mime === 'image/gif' || mime === 'image/webp';
  let pixels: number;
  try {
    const { width, height, pageHeight, pages } = await sharp(input, { animated }).metadata();
    pixels = animated ? width * (pageHeight ?? height) * (pages ?? 1) : width * height;
  } catch (error) {
    throw new ContentCheckError('undecodable', { cause: error });
  }
  if (pixels > MAX_IMAGE_PIXELS) throw new ContentCheckError('too-many-pixels');
  try {
    // sharp writes no metadata unless asked (withMetadata/keepExif), so EXIF and XMP are dropped.
    const image = sharp(input, {
      animated,
      failOn: 'warning',
      limitInputPixels: MAX_IMAGE_PIXELS,
    }).autoOrient();
    return await encode(image, mime).toBuffer();
  } catch (error) {
    throw new ContentCheckError('undecodable', { cause: error });
  }
}

/** PDF.js in Node: the legacy build, loaded on first use (it is large and only brochures need it). */
const pdfjs = () => import('pdfjs-dist/legacy/build/pdf.mjs');

/** What PDF.js reports of an annotation that matters here. */
interface AnnotationData {
  /** Scripts of a form field's actions (keystroke, format, calculate…). */
  actions?: unknown;
  /** A file attachment annotation's file. */
  file?: unknown;
  url?: unknown;
  unsafeUrl?: unknown;
}

const isJavaScriptUrl = (url: unknown) => typeof url === 'string' && /^\s*javascript:/i.test(url);

function isActiveAnnotation(annotation: AnnotationData): boolean {
  return (
    annotation.actions != null ||
    annotation.file != null ||
    isJavaScriptUrl(annotation.url) ||
    isJavaScriptUrl(annotation.unsafeUrl)
  );
}

/**
 * Parses `input` as a PDF: the cross-reference table, the catalog and every page with its
 * annotations, refusing instead of repairing (`stopAtErrors`). Fonts, images and scripts are
 * never run or rendered.
 *
 * Active content is what PDF.js reports: document and page scripts, form-field scripts,
 * `javascript:` links, embedded and attached files. A script in a link's action that is not a
 * URL is dropped by PDF.js without a trace, so it is not seen here; the files are never served
 * by the site.
 * @throws ContentCheckError 'undecodable' when PDF.js cannot read it (garbage, truncated,
 *   encrypted with a password), 'active-content' when it holds any of the above.
 */
export async function checkPdf(input: Uint8Array): Promise<void> {
  const { getDocument } = await pdfjs();
  const task = getDocument({
    // PDF.js takes ownership of (detaches) the buffer it is given.
    data: new Uint8Array(input),
    stopAtErrors: true,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
  });
  try {
    let hasActiveContent: boolean;
    try {
      const document = await task.promise;
      hasActiveContent =
        (await document.getJSActions()) !== null || (await document.getAttachments()) !== null;
      for (let number = 1; number <= document.numPages && !hasActiveContent; number += 1) {
        const page = await document.getPage(number);
        const annotations = (await page.getAnnotations()) as AnnotationData[];
        hasActiveContent = (await page.getJSActions()) !== null || annotations.some(isActiveAnnotation);
      }
    } catch (error) {
      throw new ContentCheckError('undecodable', { cause: error });
    }
    if (hasActiveContent) throw new ContentCheckError('active-content');
  } finally {
    await task.destroy();
  }
}
