/**
 * The camera side of the scanner: the back camera (`facingMode: environment`) in a <video>, each
 * new frame read as soon as the previous read is done — by the browser's BarcodeDetector where it
 * reads QR codes (Android Chrome), else by ZXing-C++ as WebAssembly (zxing-wasm, served from this
 * site: no CDN, so it works offline once cached).
 *
 * Speed (issue 11 §5, a result within 200 ms of a readable code in view): the WebAssembly is
 * compiled when the scanner opens, not at the first frame; frames are read as they arrive
 * (requestVideoFrameCallback), not on a timer that adds up to its interval; ZXing reads only the
 * square the viewfinder shows and stops at the first QR code, without the inverted and rotated
 * passes a general reader tries (a quarter fewer pixels and a fraction of the work); no frame is
 * read while a scan is being decided and shown, as a read holds the main thread the result must
 * paint on; and each code is reported with the capture time of its frame, so the scanner can
 * measure the whole way from the camera to the result.
 */
import { useEffect, useRef, useState, type RefObject } from 'react';

type Detector = (video: HTMLVideoElement) => Promise<string[]>;

/**
 * The least time between two reads of the video, so a fast phone does not decode 30 frames a
 * second and drain its battery; a read slower than this (a slow phone) is itself the pace.
 */
const MIN_READ_GAP_MS = 60;
/** How long a code seen once is ignored while it stays in view. */
const SAME_CODE_QUIET_MS = 3_000;

/** The performance measures of one scan, from the camera to the device's record (issue 11 §5). */
const SCAN_MEASURES = [
  'scan-decode',
  'scan-read',
  'scan-zxing',
  'scan-decide',
  'scan-verify',
  'scan-render',
  'scan-to-result',
  'scan-confirmed',
  'scan-saved',
];

let detector: Promise<Detector> | undefined;

/**
 * Loads the decoder (and its WebAssembly) once, ahead of the first scan: the first result comes
 * sooner, and a scanner opened online keeps working after the network goes.
 */
export function prepareDetector(): Promise<Detector> {
  detector ??= createDetector();
  detector.catch(() => {
    detector = undefined;
  });
  return detector;
}

interface NativeDetector {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
interface NativeDetectorClass {
  new (options: { formats: string[] }): NativeDetector;
  getSupportedFormats(): Promise<string[]>;
}

async function createDetector(): Promise<Detector> {
  const native = (globalThis as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  if (native && (await native.getSupportedFormats()).includes('qr_code')) {
    const reader = new native({ formats: ['qr_code'] });
    return async (video) => (await reader.detect(video)).map((code) => code.rawValue);
  }
  const [{ prepareZXingModule, readBarcodes }, { default: wasmUrl }] = await Promise.all([
    import('zxing-wasm/reader'),
    import('zxing-wasm/reader/zxing_reader.wasm?url'),
  ]);
  // Compiled now, while the steward sets up, rather than inside the first read of a frame.
  await prepareZXingModule({
    overrides: {
      locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path),
    },
    fireImmediately: true,
  });
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true })!;
  return async (video) => {
    // The centred square: what the viewfinder (object-cover in a square) shows the steward.
    const side = Math.min(video.videoWidth, video.videoHeight);
    if (side === 0) return [];
    if (canvas.width !== side) canvas.width = canvas.height = side;
    context.drawImage(
      video,
      (video.videoWidth - side) / 2,
      (video.videoHeight - side) / 2,
      side,
      side,
      0,
      0,
      side,
      side,
    );
    const pixels = context.getImageData(0, 0, side, side);
    // One mark, replaced at each frame: the scanner runs for hours.
    performance.clearMarks('scan-grabbed');
    performance.mark('scan-grabbed');
    const results = await readBarcodes(pixels, {
      formats: ['QRCode'],
      // A missed frame is read again 60 ms later: the lighter finder-pattern search pays.
      tryHarder: false,
      tryInvert: false,
      tryRotate: false,
      maxNumberOfSymbols: 1,
    });
    return results.filter((result) => result.isValid).map((result) => result.text);
  };
}

/**
 * Runs the camera in the returned `videoRef` while `enabled` and calls `onCode` with each QR code's
 * text and the `performance.now()` time its frame was captured; the next frame is read once the
 * promise `onCode` returns settles (the result is on screen). A code held in view is reported
 * once, again only after it has been out of view for SAME_CODE_QUIET_MS. `live` is true once
 * frames are being read.
 */
export function useQrCamera(
  enabled: boolean,
  onCode: (text: string, capturedAt: number) => Promise<void>,
): { videoRef: RefObject<HTMLVideoElement | null>; live: boolean; error: string | null } {
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const [live, setLive] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const onCodeRef = useRef(onCode);
  useEffect(() => {
    onCodeRef.current = onCode;
  }, [onCode]);

  useEffect(() => {
    if (!enabled) return;
    let stopped = false;
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    /** The pending requestVideoFrameCallback, with its video. */
    let frame: { video: HTMLVideoElement; id: number } | undefined;
    const lastSeen = new Map<string, number>();
    void (async () => {
      try {
        const [media, reader] = await Promise.all([
          navigator.mediaDevices.getUserMedia({
            video: { facingMode: { ideal: 'environment' } },
            audio: false,
          }),
          prepareDetector(),
        ]);
        stream = media;
        const video = videoRef.current;
        if (stopped || !video) return;
        video.srcObject = media;
        await video.play();
        setError(null);
        setLive(true);
        let lastRead = -Infinity;
        /** Capture time of the first frame skipped since the last read: a code in it waited from then. */
        let skippedSince: number | undefined;
        /** Reads the frame on screen; `capturedAt` is when the camera took it. */
        const read = async (capturedAt: number) => {
          if (stopped) return;
          const started = performance.now();
          if (video.readyState < video.HAVE_CURRENT_DATA || started - lastRead < MIN_READ_GAP_MS) {
            skippedSince ??= capturedAt;
            return next();
          }
          lastRead = started;
          const since = skippedSince ?? capturedAt;
          skippedSince = undefined;
          const now = Date.now();
          const codes = await reader(video);
          const readAt = performance.now();
          for (const code of codes) {
            const seen = lastSeen.get(code);
            lastSeen.set(code, now);
            if (seen === undefined || now - seen > SAME_CODE_QUIET_MS) {
              // Frame captured → code read: the decoding part of the scanner's speed (issue 11 §5).
              // Only the last scan's measures are kept: the scanner runs for hours.
              for (const name of SCAN_MEASURES) performance.clearMeasures(name);
              performance.measure('scan-decode', { start: since, end: readAt });
              performance.measure('scan-read', { start: started, end: readAt });
              if (performance.getEntriesByName('scan-grabbed').length > 0)
                performance.measure('scan-zxing', { start: 'scan-grabbed', end: readAt });
              await onCodeRef.current(code, since).catch(() => undefined);
            }
          }
          next();
        };
        // The next frame the camera delivers, or (without requestVideoFrameCallback) a moment later.
        const next = () => {
          if (stopped) return;
          if ('requestVideoFrameCallback' in video) {
            const id = video.requestVideoFrameCallback(
              (now, metadata) => void read(metadata.captureTime ?? now),
            );
            frame = { video, id };
          } else timer = setTimeout(() => void read(performance.now()), MIN_READ_GAP_MS);
        };
        next();
      } catch (cause) {
        if (stopped) return;
        setError(
          cause instanceof DOMException && cause.name === 'NotAllowedError'
            ? 'The camera is blocked. Allow it in the browser settings, or type or search below.'
            : 'The camera could not start. Type or search below.',
        );
      }
    })();
    return () => {
      stopped = true;
      clearTimeout(timer);
      frame?.video.cancelVideoFrameCallback(frame.id);
      for (const track of stream?.getTracks() ?? []) track.stop();
      setLive(false);
    };
  }, [enabled]);

  return { videoRef, live: enabled && live, error: enabled ? error : null };
}
