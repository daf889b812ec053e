import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiRequestError } from '../../lib/api-client';
import { pollWhileVisible } from '../../lib/poll-while-visible';
import { useOnline } from '../../lib/pwa';
import { getCheckInBundle, sendScans } from './api/check-in-api';
import { checkScan, type DoorScan, pendingScans } from './door-logic';
import { type DoorRecord, idbDoorStorage, once, sendWaitingScans } from './door-store';

/** While scans wait and the browser believes it is online (a flaky hall), another try this often. */
const RETRY_MS = 30_000;
/**
 * After a send, the bundle (every ticket: hundreds of kilobytes for a big event, on paid data) is
 * read again at most this often; the scans answer's counts keep 'présents' right in between.
 */
const BUNDLE_AFTER_SEND_MS = 60_000;
/**
 * An idle door reads the bundle again this often while the screen is shown and online (never in
 * a pocket or without network), so people who joined or were removed meanwhile reach it; a read
 * made for another reason (a send, the network's return) counts.
 */
const BUNDLE_IDLE_MS = 60_000;

export type DoorStatus = 'loading' | 'ready' | 'notFound' | 'needsNetwork' | 'error';

export interface DoorState {
  status: DoorStatus;
  record: DoorRecord | null;
  /** Why the door could not be got ready (status 'error'). */
  loadError: string | null;
  sending: boolean;
  sendError: string | null;
}

/**
 * The door of one event on this phone (decision 047): the bundle and the scans kept in IndexedDB,
 * the bundle read again whenever there is network, each scan checked offline then queued, and the
 * queue sent on opening, after each scan, on the 'online' event and every 30 s while scans wait;
 * an idle door reads the bundle again every minute while shown and online.
 */
export function useDoor(eventId: string) {
  const online = useOnline();
  const [state, setState] = useState<DoorState>({
    status: 'loading',
    record: null,
    loadError: null,
    sending: false,
    sendError: null,
  });
  const recordRef = useRef<DoorRecord | null>(null);
  const chain = useRef<Promise<unknown>>(Promise.resolve());
  const bundleReadAt = useRef(0);

  const show = useCallback((record: DoorRecord | null, changes: Partial<DoorState> = {}) => {
    recordRef.current = record;
    setState((current) => ({ ...current, record, ...changes }));
  }, []);

  const refresh = useCallback(async () => {
    try {
      const bundle = await getCheckInBundle(eventId);
      bundleReadAt.current = Date.now();
      // The bundle's counts are the newest now.
      show(await idbDoorStorage.change(eventId, (record) => ({ ...record, bundle, counts: null })), {
        status: 'ready',
        loadError: null,
      });
    } catch (error) {
      if (error instanceof ApiRequestError && (error.status === 404 || error.status === 403)) {
        // Not (or no longer) this account's door: nothing of it stays on the phone.
        await idbDoorStorage.drop(eventId);
        show(null, { status: 'notFound' });
        return;
      }
      if (recordRef.current?.bundle) return;
      const offline = error instanceof ApiRequestError && error.status === 0 && !navigator.onLine;
      show(recordRef.current, {
        status: offline ? 'needsNetwork' : 'error',
        loadError: error instanceof Error ? error.message : String(error),
      });
    }
  }, [eventId, show]);

  const sync = useCallback(
    () =>
      once(eventId, async () => {
        if (!navigator.onLine || !recordRef.current || pendingScans(recordRef.current.scans).length === 0) return;
        setState((current) => ({ ...current, sending: true }));
        try {
          const { record, sent } = await sendWaitingScans(eventId, idbDoorStorage, (batch) => sendScans(eventId, batch));
          show(record, { sending: false, sendError: null });
          // Other doors' admissions come with the bundle: read again after a send, once a minute at most.
          if (sent > 0 && Date.now() - bundleReadAt.current >= BUNDLE_AFTER_SEND_MS) await refresh();
        } catch (error) {
          show(await idbDoorStorage.read(eventId), {
            sending: false,
            sendError: error instanceof Error ? error.message : String(error),
          });
        }
      }),
    [eventId, refresh, show],
  );

  // Opening: what the phone kept, at once; then the server's bundle and the waiting scans.
  useEffect(() => {
    let live = true;
    void (async () => {
      const kept = await idbDoorStorage.read(eventId);
      if (!live) return;
      if (kept.bundle) show(kept, { status: 'ready' });
      else recordRef.current = kept;
      await refresh();
      if (live) await sync();
    })();
    return () => {
      live = false;
    };
  }, [eventId, refresh, sync, show]);

  // Back online: read the bundle again and send what waits.
  const wasOnline = useRef(online);
  useEffect(() => {
    if (online && !wasOnline.current) void refresh().then(sync);
    wasOnline.current = online;
  }, [online, refresh, sync]);

  // Idle: the bundle again once a minute while shown and online. The scans are kept (the bundle
  // only replaces the bundle in the record), so none waiting is lost.
  const gone = state.status === 'notFound';
  useEffect(() => {
    if (gone) return;
    return pollWhileVisible(() => {
      if (Date.now() - bundleReadAt.current >= BUNDLE_IDLE_MS / 2) void refresh();
    }, BUNDLE_IDLE_MS);
  }, [gone, refresh]);

  const waiting = state.record ? pendingScans(state.record.scans).length : 0;
  useEffect(() => {
    if (!online || waiting === 0) return;
    const timer = window.setInterval(() => void sync(), RETRY_MS);
    return () => window.clearInterval(timer);
  }, [online, waiting, sync]);

  /** Checks the text offline, keeps the scan, shows it, and sends it when there is network. One scan at a time. */
  const scan = useCallback(
    (text: string, entrance: string): Promise<DoorScan | null> => {
      const next = chain.current.then(async () => {
        const bundle = recordRef.current?.bundle;
        if (!bundle) return null;
        const current = await idbDoorStorage.read(eventId);
        const made = await checkScan(
          { text, entrance, scanId: crypto.randomUUID(), scannedAt: new Date().toISOString() },
          current.bundle ?? bundle,
          current.scans,
        );
        show(await idbDoorStorage.change(eventId, (record) => ({ ...record, scans: [...record.scans, made] })));
        void sync();
        return made;
      });
      chain.current = next.catch(() => undefined);
      return next;
    },
    [eventId, show, sync],
  );

  return { ...state, online, waiting, scan, sync, refresh };
}
