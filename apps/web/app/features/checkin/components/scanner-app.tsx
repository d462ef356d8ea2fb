/**
 * The gate scanner: choose a check-in list and name the gate once, then scan with
 * the camera, a hardware scanner typing into the code field, or search by name or code.
 * Each result fills the screen with a sound and vibration; the next scan replaces it at once.
 * Works offline from the list's stored data and shows online/offline, scans waiting and the
 * last sync; syncs when the network returns and every 30 seconds.
 */
import type { CheckinDirection, CheckinLists, SyncPass } from '@festival/shared';
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { Button } from '~/components/ui/button';
import { ApiError, apiGet, NetworkError } from '~/lib/api-client';
import { prepareDetector, useQrCamera } from '../camera';
import { listData, scanCode, sessionEnded, syncList, type ScanHandle, type ScanOutcome } from '../engine';
import { signal, unlockSound } from '../feedback';
import { countQueued, loadSettings, saveSettings, searchPasses } from '../store';
import { ScanResult } from './scan-result';

const SYNC_EVERY_MS = 30_000;
const RETRY_EVERY_MS = 5_000;
/** A result stays up this long unless the next scan replaces it. */
const RESULT_MS = 2_500;

const clock = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  hour: 'numeric',
  minute: '2-digit',
  second: '2-digit',
});

type Settings = Awaited<ReturnType<typeof loadSettings>>;

/**
 * Resolves once the frame that holds the DOM as it is now has been painted, or after 200 ms when
 * the page is not being painted (hidden): what waits for it must not wait for ever.
 */
function nextPaint() {
  return new Promise<void>((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
    setTimeout(resolve, 200);
  });
}

function useOnline() {
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);
  return online;
}

export function ScannerApp({ onSessionEnded }: { onSessionEnded: () => void }) {
  const [settings, setSettings] = useState<Settings | null>(null);
  const [listName, setListName] = useState<string | null>(null);
  const [direction, setDirection] = useState<CheckinDirection>('entry');
  const [allowExit, setAllowExit] = useState(false);
  const [pending, setPending] = useState(0);
  const [syncError, setSyncError] = useState<string | null>(null);
  const [scanning, setScanning] = useState(false);
  const [result, setResult] = useState<(ScanOutcome & { key: number; startedAt: number }) | null>(null);
  const [scanError, setScanError] = useState<string | null>(null);
  const online = useOnline();
  // The browser says online whenever the Wi-Fi is up, even when the server cannot be reached
  // (a dead router, a captive portal): the last sync tells the staff which it is.
  const [reachable, setReachable] = useState(true);
  const codeRef = useRef<HTMLInputElement>(null);
  const scans = useRef(0);

  useEffect(() => {
    void loadSettings().then(setSettings);
    void countQueued().then(setPending);
    prepareDetector().catch(() => undefined);
  }, []);

  const listId = settings?.listId ?? null;

  // Also loads the list's data into memory ahead of the first scan (engine.ts).
  const refreshListInfo = useCallback(
    (id: number) =>
      listData(id).then((stored) => {
        setListName(stored?.sync.list.name ?? null);
        setAllowExit(stored?.sync.list.allowExit ?? false);
      }),
    [],
  );

  const sync = useCallback(async () => {
    if (listId === null || !navigator.onLine) return;
    try {
      const lastSyncAt = await syncList(listId);
      setSettings((current) => (current ? { ...current, lastSyncAt } : current));
      setReachable(true);
      setSyncError(null);
      await refreshListInfo(listId);
    } catch (error) {
      if (sessionEnded(error)) onSessionEnded();
      else if (error instanceof NetworkError) setReachable(false);
      else setSyncError(error instanceof ApiError ? error.message : 'Sync failed; will retry.');
    } finally {
      setPending(await countQueued());
    }
  }, [listId, onSessionEnded, refreshListInfo]);

  useEffect(() => {
    if (listId === null) return;
    void refreshListInfo(listId);
    if (!online) return;
    // At once (on opening, and when the network returns), then every 30 seconds, or every 5 while
    // the server cannot be reached, so the queue goes soon after it can again.
    const first = setTimeout(() => void sync(), 0);
    const timer = setInterval(() => void sync(), reachable ? SYNC_EVERY_MS : RETRY_EVERY_MS);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [listId, online, reachable, sync, refreshListInfo]);

  useEffect(() => {
    if (!result) return;
    const timer = setTimeout(() => setResult(null), RESULT_MS);
    return () => clearTimeout(timer);
  }, [result]);

  /** After the result shows: the server's answer, the device's record, the queue count. */
  const followScan = useCallback(
    async (handle: ScanHandle, key: number, startedAt: number) => {
      try {
        const answer = await handle.confirmed;
        if (answer) {
          setResult((current) => (current?.key === key ? { ...answer, key, startedAt } : current));
          performance.measure('scan-confirmed', { start: startedAt });
          if (answer.status !== handle.outcome.status) signal(answer.status === 'ok');
        } else setResult((current) => (current?.key === key ? { ...current, confirming: false } : current));
        await handle.saved;
        performance.measure('scan-saved', { start: startedAt });
      } catch (error) {
        setResult((current) => (current?.key === key ? { ...current, confirming: false } : current));
        if (sessionEnded(error)) onSessionEnded();
        else if (error instanceof ApiError) setScanError(error.message);
        else
          setScanError('This scan could not be saved on this device; its result stands. Check the storage.');
      } finally {
        setPending(await countQueued());
        codeRef.current?.focus();
      }
    },
    [onSessionEnded],
  );

  /**
   * Shows the device's decision as soon as it is made, then the server's answer when it differs.
   * `startedAt`: when the code came into view (the camera frame's capture time) or was entered.
   * Resolves once the result is on screen, so the camera reads no frame before that.
   */
  const handleCode = useCallback(
    async (code: string, startedAt = performance.now()) => {
      if (listId === null || !settings) return;
      let handle: ScanHandle;
      let markShown = () => {};
      const shown = new Promise<void>((resolve) => (markShown = resolve));
      try {
        const decideStart = performance.now();
        handle = await scanCode(code.trim(), { listId, gate: settings.gate, direction }, shown);
        performance.measure('scan-decide', { start: decideStart });
      } catch (error) {
        if (sessionEnded(error)) onSessionEnded();
        else setScanError(error instanceof Error ? error.message : 'The scan failed.');
        return;
      }
      const key = ++scans.current;
      performance.clearMarks('scan-decided');
      performance.mark('scan-decided');
      // Rendered now rather than when React gets to it: nothing else is worth a frame here.
      flushSync(() => {
        setScanError(null);
        setResult({ ...handle.outcome, key, startedAt });
      });
      await nextPaint();
      markShown();
      signal(handle.outcome.status === 'ok');
      void followScan(handle, key, startedAt);
    },
    [listId, settings, direction, onSessionEnded, followScan],
  );

  const {
    videoRef,
    live: cameraLive,
    error: cameraError,
  } = useQrCamera(scanning && listId !== null, handleCode);

  if (!settings) return <p className="p-6 text-center">Opening the scanner…</p>;
  if (listId === null) {
    return (
      <ListSetup
        initialGate={settings.gate}
        onChosen={async (id, gate) => setSettings(await saveSettings({ listId: id, gate, lastSyncAt: null }))}
      />
    );
  }

  const submitCode = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = codeRef.current;
    if (!input?.value.trim()) return;
    const code = input.value;
    input.value = '';
    void handleCode(code);
  };

  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-4 p-4">
      <header className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h1 className="text-lg font-bold text-brand-900">{listName ?? 'Check-in'}</h1>
          <p className="text-sm text-slate-600">
            {settings.gate ? `Gate: ${settings.gate}` : 'Gate not named'} ·{' '}
            <button
              type="button"
              className="underline"
              onClick={async () => setSettings(await saveSettings({ listId: null }))}
            >
              Change
            </button>
          </p>
        </div>
        <dl className="flex flex-wrap gap-2 text-sm" aria-label="Scanner status">
          <div
            className={
              online && reachable
                ? 'rounded bg-green-100 px-2 py-1 text-green-900'
                : 'rounded bg-red-100 px-2 py-1 text-red-900'
            }
          >
            <dt className="sr-only">Network</dt>
            <dd>{online && reachable ? 'Online' : 'Offline'}</dd>
          </div>
          <div className="rounded bg-slate-100 px-2 py-1">
            <dt className="inline">Waiting: </dt>
            <dd className="inline" data-testid="pending-count">
              {pending}
            </dd>
          </div>
          <div className="rounded bg-slate-100 px-2 py-1">
            <dt className="inline">Synced: </dt>
            <dd className="inline">
              {settings.lastSyncAt ? clock.format(new Date(settings.lastSyncAt)) : 'never'}
            </dd>
          </div>
        </dl>
      </header>
      {syncError && (
        <p role="alert" className="rounded bg-amber-100 p-2 text-sm text-amber-950">
          {syncError}
        </p>
      )}

      {allowExit && (
        <fieldset className="flex gap-4">
          <legend className="sr-only">Direction</legend>
          {(['entry', 'exit'] as const).map((value) => (
            <label key={value} className="flex min-h-11 items-center gap-2">
              <input
                type="radio"
                name="direction"
                checked={direction === value}
                onChange={() => setDirection(value)}
              />
              {value === 'entry' ? 'Entry' : 'Exit'}
            </label>
          ))}
        </fieldset>
      )}

      <section aria-label="Camera" className="flex flex-col gap-2">
        <div className="relative aspect-square w-full overflow-hidden rounded-xl bg-slate-900">
          <video
            ref={videoRef}
            muted
            playsInline
            className="h-full w-full object-cover"
            aria-label="Camera view"
          />
          {!cameraLive && (
            <div className="absolute inset-0 flex items-center justify-center p-4">
              {scanning ? (
                <p className="text-white">{cameraError ?? 'Starting the camera…'}</p>
              ) : (
                <Button
                  onClick={() => {
                    unlockSound();
                    setScanning(true);
                  }}
                >
                  Start scanning
                </Button>
              )}
            </div>
          )}
        </div>
        {scanning && (
          <Button variant="outline" onClick={() => setScanning(false)}>
            Stop camera
          </Button>
        )}
      </section>

      <form onSubmit={submitCode} className="flex flex-col gap-1">
        <label htmlFor="pass-code" className="text-sm font-semibold">
          Pass code or scanner input
        </label>
        <div className="flex gap-2">
          <input
            id="pass-code"
            ref={codeRef}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            className="min-h-11 flex-1 rounded-lg border border-slate-300 px-3 font-mono"
            placeholder="SFG-…"
          />
          <Button type="submit" variant="secondary">
            Check
          </Button>
        </div>
      </form>
      {scanError && (
        <p role="alert" className="text-sm text-red-800">
          {scanError}
        </p>
      )}

      <PassSearch listId={listId} onPick={(pass) => void handleCode(pass.code)} />

      {result && (
        <ScanResult
          key={result.key}
          result={result}
          startedAt={result.startedAt}
          onDismiss={() => setResult(null)}
        />
      )}
    </div>
  );
}

/** Find an attendee in the stored list (works offline) and check them in by their code. */
function PassSearch({ listId, onPick }: { listId: number; onPick: (pass: SyncPass) => void }) {
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<SyncPass[]>([]);
  const id = useId();
  useEffect(() => {
    let current = true;
    void searchPasses(listId, query).then((passes) => current && setFound(passes));
    return () => {
      current = false;
    };
  }, [listId, query]);
  return (
    <section aria-labelledby={`${id}-label`} className="flex flex-col gap-1">
      <label id={`${id}-label`} htmlFor={id} className="text-sm font-semibold">
        Search by name or code
      </label>
      <input
        id={id}
        type="search"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        className="min-h-11 rounded-lg border border-slate-300 px-3"
      />
      {query.trim().length >= 2 && (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200">
          {found.length === 0 && <li className="p-3 text-sm text-slate-600">No pass matches.</li>}
          {found.map((pass) => (
            <li key={pass.id} className="flex items-center justify-between gap-2 p-3">
              <div className="min-w-0">
                <p className="truncate font-semibold">{pass.name}</p>
                <p className="truncate text-sm text-slate-600">
                  {pass.ticketTypeName} · <span className="font-mono">{pass.code}</span>
                </p>
              </div>
              <Button variant="outline" onClick={() => onPick(pass)} aria-label={`Check in ${pass.name}`}>
                Check in
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** First use on a device: choose the list (needs the network once) and name the gate. */
function ListSetup({
  initialGate,
  onChosen,
}: {
  initialGate: string;
  onChosen: (listId: number, gate: string) => void;
}) {
  const [lists, setLists] = useState<CheckinLists['items'] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [listId, setListId] = useState('');
  const [gate, setGate] = useState(initialGate);
  useEffect(() => {
    apiGet<CheckinLists>('/admin/checkin/lists')
      .then((data) => {
        setLists(data.items);
        if (data.items.length === 1) setListId(String(data.items[0]!.id));
      })
      .catch((cause: unknown) =>
        setError(cause instanceof Error ? cause.message : 'Could not load the lists.'),
      );
  }, []);
  return (
    <form
      className="mx-auto flex w-full max-w-md flex-col gap-4 p-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (listId) onChosen(Number(listId), gate.trim());
      }}
    >
      <h1 className="text-xl font-bold text-brand-900">Set up this scanner</h1>
      {error && (
        <p role="alert" className="text-red-800">
          {error}
        </p>
      )}
      {lists === null && !error && <p>Loading check-in lists…</p>}
      {lists?.length === 0 && (
        <p>No check-in lists yet. An organizer creates them in the console (Check-in).</p>
      )}
      {lists && lists.length > 0 && (
        <>
          <label className="flex flex-col gap-1 font-semibold">
            Check-in list
            <select
              required
              value={listId}
              onChange={(event) => setListId(event.target.value)}
              className="min-h-11 rounded-lg border border-slate-300 px-2 font-normal"
            >
              <option value="">Choose…</option>
              {lists.map((list) => (
                <option key={list.id} value={list.id}>
                  {list.name}
                </option>
              ))}
            </select>
          </label>
          <label className="flex flex-col gap-1 font-semibold">
            Gate name
            <input
              value={gate}
              maxLength={60}
              onChange={(event) => setGate(event.target.value)}
              className="min-h-11 rounded-lg border border-slate-300 px-3 font-normal"
              placeholder="e.g. North gate"
            />
          </label>
          <Button type="submit">Start</Button>
        </>
      )}
    </form>
  );
}
