/**
 * The camera side of the scanner: the back camera (`facingMode: environment`) in a <video>, each
 * new frame read by a BarcodeDetector as soon as the previous read is done — the browser's own
 * where it reads QR codes (Android Chrome), else the barcode-detector ponyfill (ZXing-C++ as
 * WebAssembly, served from this site: no CDN, so it works offline once cached).
 *
 * Speed (issue 11 §5, a result within 200 ms of a readable code in view): the WebAssembly is
 * compiled when the scanner opens, not at the first frame; frames are read as they arrive
 * (requestVideoFrameCallback), not on a timer that adds up to its interval; and each code is
 * reported with the capture time of the frame it was read from, so the scanner can measure the
 * whole way from the camera to the result.
 */
import { useEffect, useRef, useState, type RefObject } from 'react';
import type { BarcodeDetector as PonyfillDetector } from 'barcode-detector/ponyfill';

type Detector = Pick<PonyfillDetector, 'detect'>;

/**
 * The least time between two reads of the video, so a fast phone does not decode 30 frames a
 * second and drain its battery; a read slower than this (a slow phone) is itself the pace.
 */
const MIN_READ_GAP_MS = 60;
/** How long a code seen once is ignored while it stays in view. */
const SAME_CODE_QUIET_MS = 3_000;

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

async function createDetector(): Promise<Detector> {
  const native = (globalThis as { BarcodeDetector?: typeof PonyfillDetector }).BarcodeDetector;
  if (native && (await native.getSupportedFormats()).includes('qr_code')) {
    return new native({ formats: ['qr_code'] });
  }
  const [{ BarcodeDetector, prepareZXingModule }, { default: wasmUrl }] = await Promise.all([
    import('barcode-detector/ponyfill'),
    import('zxing-wasm/reader/zxing_reader.wasm?url'),
  ]);
  // Compiled now, while the steward sets up, rather than inside the first read of a frame.
  await prepareZXingModule({
    overrides: {
      locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path),
    },
    fireImmediately: true,
  });
  return new BarcodeDetector({ formats: ['qr_code'] });
}

/**
 * Runs the camera in the returned `videoRef` while `enabled` and calls `onCode` with each QR code's
 * text and the `performance.now()` time its frame was captured. A code held in view is reported
 * once, again only after it has been out of view for SAME_CODE_QUIET_MS. `live` is true once
 * frames are being read.
 */
export function useQrCamera(
  enabled: boolean,
  onCode: (text: string, capturedAt: number) => void,
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
          for (const code of await reader.detect(video)) {
            const seen = lastSeen.get(code.rawValue);
            lastSeen.set(code.rawValue, now);
            if (seen === undefined || now - seen > SAME_CODE_QUIET_MS) {
              // Frame captured → code read: the decoding part of the scanner's speed (issue 11 §5).
              performance.measure('scan-decode', { start: since });
              onCodeRef.current(code.rawValue, since);
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
