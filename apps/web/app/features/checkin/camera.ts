/**
 * The camera side of the scanner: the back camera (`facingMode: environment`) in a <video>, each
 * new frame read as soon as the previous read is done — by the browser's BarcodeDetector where it
 * reads QR codes (Android Chrome), else by ZXing-C++ as WebAssembly (zxing-wasm, served from this
 * site: no CDN, so it works offline once cached) in a worker (decode-worker.ts).
 *
 * Speed (the aim: a result within 200 ms of a readable code in view): ZXing runs in a worker,
 * so the page's thread stays free to paint the result; the worker compiles the WebAssembly and
 * warms it up when the scanner opens, not at the first frame; frames are read as they arrive
 * (requestVideoFrameCallback), not on a timer that adds up to its interval; only the square the
 * viewfinder shows is read, scaled down to DECODE_SIDE by the browser, and ZXing stops at the
 * first QR code, without the inverted, rotated and downscaled passes a general reader tries; no
 * frame is read while a scan is being decided and painted; and each code is reported with the
 * capture time of its frame, so the scanner can measure the whole way from the camera to the
 * result. Frames are still read while a result is shown: the next pass replaces it at once.
 */
import { useEffect, useRef, useState, type RefObject } from 'react';
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';
import type { DecodeAnswer, DecodeRequest } from './decode-worker';
import workerUrl from './decode-worker?worker&url';

/**
 * What one read of a frame found and, with ZXing, where its time went (ms): taking the picture
 * on this thread, the worker's whole handling of it, and ZXing's share of that.
 */
interface Read {
  texts: string[];
  grabMs?: number;
  workerMs?: number;
  zxingMs?: number;
}
type Detector = (video: HTMLVideoElement) => Promise<Read>;

/**
 * The least time between two reads of the video, so a fast phone does not decode 30 frames a
 * second and drain its battery; a read slower than this (a slow phone) is itself the pace.
 */
const MIN_READ_GAP_MS = 60;
/** How long a code seen once is ignored while it stays in view. */
const SAME_CODE_QUIET_MS = 3_000;

/** The performance measures of one scan, from the camera to the device's record. */
const SCAN_MEASURES = [
  'scan-decode',
  'scan-read',
  'scan-grab',
  'scan-worker',
  'scan-zxing',
  'scan-decide',
  'scan-verify',
  'scan-render',
  'scan-to-result',
  'scan-confirmed',
  'scan-saved',
];

/**
 * The side (px) the viewfinder's square is scaled down to before ZXing reads it. A pass's code is
 * QR version 8, 49 modules a side (docs/pass-token.md): held to fill half the viewfinder it still
 * gets over 3 px a module, plenty for ZXing, while the square of a 720p or 1080p camera would
 * cost 5 to 11 times the pixels.
 */
const DECODE_SIDE = 320;

/** The decoder's files (its worker and WebAssembly), for the service worker to keep offline. */
export const DECODER_FILES = [workerUrl, wasmUrl];

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
    return async (video) => ({ texts: (await reader.detect(video)).map((code) => code.rawValue) });
  }
  return zxingDetector();
}

/**
 * ZXing in decode-worker.ts. Each read scales the viewfinder's square down to DECODE_SIDE (the
 * browser's own scaling, off this thread) and hands the picture over to the worker.
 */
async function zxingDetector(): Promise<Detector> {
  const worker = new Worker(workerUrl);
  // Compiled now, while the steward sets up, rather than inside the first read of a frame.
  await new Promise<void>((resolve, reject) => {
    worker.onmessage = ({ data }: MessageEvent<DecodeAnswer>) => {
      if (data.type === 'ready') resolve();
      else if (data.type === 'failed') reject(new Error(data.message));
    };
    worker.onerror = (event) => reject(new Error(event.message));
    worker.postMessage({ type: 'init', wasmUrl, side: DECODE_SIDE } satisfies DecodeRequest);
  });
  const waiting = new Map<number, (read: Read) => void>();
  let lastId = 0;
  worker.onmessage = ({ data }: MessageEvent<DecodeAnswer>) => {
    if (data.type !== 'decoded') return;
    waiting.get(data.id)?.({ texts: data.texts, workerMs: data.workerMs, zxingMs: data.zxingMs });
    waiting.delete(data.id);
  };
  // A worker that fails drops its reads: they count as frames without a code.
  worker.onerror = () => {
    for (const settle of waiting.values()) settle({ texts: [] });
    waiting.clear();
  };
  return async (video) => {
    const side = Math.min(video.videoWidth, video.videoHeight);
    if (side === 0) return { texts: [] };
    const scaled = Math.min(side, DECODE_SIDE);
    const grabStart = performance.now();
    // The centred square: what the viewfinder (object-cover in a square) shows the steward.
    const image = await createImageBitmap(
      video,
      (video.videoWidth - side) / 2,
      (video.videoHeight - side) / 2,
      side,
      side,
      { resizeWidth: scaled, resizeHeight: scaled, resizeQuality: 'low' },
    );
    const grabMs = performance.now() - grabStart;
    const id = ++lastId;
    return new Promise<Read>((resolve) => {
      waiting.set(id, (read) => resolve({ ...read, grabMs }));
      worker.postMessage({ type: 'decode', id, image } satisfies DecodeRequest, [image]);
    });
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
          const { texts, grabMs, workerMs, zxingMs } = await reader(video);
          const readAt = performance.now();
          for (const code of texts) {
            const seen = lastSeen.get(code);
            lastSeen.set(code, now);
            if (seen === undefined || now - seen > SAME_CODE_QUIET_MS) {
              // Frame captured → code read: the decoding part of the scanner's speed.
              // Only the last scan's measures are kept: the scanner runs for hours.
              for (const name of SCAN_MEASURES) performance.clearMeasures(name);
              performance.measure('scan-decode', { start: since, end: readAt });
              performance.measure('scan-read', { start: started, end: readAt });
              if (grabMs !== undefined)
                performance.measure('scan-grab', { start: started, duration: grabMs });
              if (workerMs !== undefined)
                performance.measure('scan-worker', { end: readAt, duration: workerMs });
              if (zxingMs !== undefined)
                performance.measure('scan-zxing', { end: readAt, duration: zxingMs });
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
