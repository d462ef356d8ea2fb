/**
 * The camera side of the scanner: the back camera (`facingMode: environment`) in a <video>, read
 * about ten times a second by a BarcodeDetector — the browser's own where it reads QR codes
 * (Android Chrome), else the barcode-detector ponyfill (ZXing-C++ as WebAssembly, served from
 * this site: no CDN, so it works offline once cached).
 */
import { useEffect, useRef, useState, type RefObject } from 'react';
import type { BarcodeDetector as PonyfillDetector } from 'barcode-detector/ponyfill';

type Detector = Pick<PonyfillDetector, 'detect'>;

/** How often the video is read, and how long a code seen once is ignored while it stays in view. */
const SCAN_INTERVAL_MS = 100;
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
  prepareZXingModule({
    overrides: {
      locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path),
    },
  });
  return new BarcodeDetector({ formats: ['qr_code'] });
}

/**
 * Runs the camera in the returned `videoRef` while `enabled` and calls `onCode` with each QR code's text. A
 * code held in view is reported once, again only after it has been out of view for
 * SAME_CODE_QUIET_MS. `live` is true once frames are being read.
 */
export function useQrCamera(
  enabled: boolean,
  onCode: (text: string) => void,
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
        const tick = async () => {
          if (stopped) return;
          if (video.readyState >= video.HAVE_CURRENT_DATA) {
            const now = Date.now();
            for (const code of await reader.detect(video)) {
              const seen = lastSeen.get(code.rawValue);
              lastSeen.set(code.rawValue, now);
              if (seen === undefined || now - seen > SAME_CODE_QUIET_MS) onCodeRef.current(code.rawValue);
            }
          }
          timer = setTimeout(() => void tick(), SCAN_INTERVAL_MS);
        };
        void tick();
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
      for (const track of stream?.getTracks() ?? []) track.stop();
      setLive(false);
    };
  }, [enabled]);

  return { videoRef, live: enabled && live, error: enabled ? error : null };
}
