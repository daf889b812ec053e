import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { useT } from '../../../lib/i18n';
import { decodeQr } from '../decode-qr';
import { checkInMessages } from '../messages';

/** A frame is read this often (a cheap phone keeps up; BarcodeDetector or jsqr). */
const FRAME_MS = 250;
/** The same code read again within this time is the same ticket still in front of the camera. */
const SAME_CODE_MS = 3000;

/**
 * The back camera (getUserMedia), read a few times a second until a QR code shows; each new code
 * is handed to `onRead`. Stopped when the screen is left. `children`: other ways to scan, beside its button.
 */
export function CameraScanner({ onRead, children }: { onRead: (text: string) => void; children?: ReactNode }) {
  const t = useT(checkInMessages);
  const [state, setState] = useState<'off' | 'starting' | 'on' | 'refused'>('off');
  const video = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);
  const lastRead = useRef<{ text: string; at: number } | null>(null);
  const onReadRef = useRef(onRead);
  onReadRef.current = onRead;

  const stop = () => {
    for (const track of stream.current?.getTracks() ?? []) track.stop();
    stream.current = null;
    setState('off');
  };

  const start = async () => {
    if (!navigator.mediaDevices?.getUserMedia) {
      setState('refused');
      return;
    }
    setState('starting');
    try {
      stream.current = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
      setState('on');
    } catch {
      setState('refused');
    }
  };

  useEffect(() => {
    if (state !== 'on' || !video.current || !stream.current) return;
    const element = video.current;
    element.srcObject = stream.current;
    void element.play().catch(() => undefined);
    let busy = false;
    const timer = window.setInterval(async () => {
      if (busy || element.readyState < 2) return;
      busy = true;
      try {
        const text = await decodeQr(element, element.videoWidth, element.videoHeight, false);
        const now = Date.now();
        if (text && !(lastRead.current?.text === text && now - lastRead.current.at < SAME_CODE_MS)) {
          onReadRef.current(text);
        }
        if (text) lastRead.current = { text, at: now };
      } finally {
        busy = false;
      }
    }, FRAME_MS);
    return () => window.clearInterval(timer);
  }, [state]);

  // Leaving the screen turns the camera off.
  useEffect(
    () => () => {
      for (const track of stream.current?.getTracks() ?? []) track.stop();
    },
    [],
  );

  return (
    <div className="space-y-2">
      <div className="flex flex-wrap gap-2">
        {state === 'on' || state === 'starting' ? (
          <Button variant="secondary" onClick={stop}>
            {t('stopCamera')}
          </Button>
        ) : (
          <Button onClick={() => void start()}>{t('startCamera')}</Button>
        )}
        {children}
      </div>
      {state === 'starting' ? <p className="text-sm text-slate-700">{t('cameraStarting')}</p> : null}
      {state === 'refused' ? (
        <p role="alert" className="text-sm text-red-700">
          {t('cameraRefused')}
        </p>
      ) : null}
      {state === 'on' ? (
        <div>
          <video
            ref={video}
            muted
            playsInline
            aria-label={t('cameraVideo')}
            className="aspect-square w-full max-w-sm rounded-xl bg-black object-cover"
          />
          <p className="mt-1 text-sm text-slate-700">{t('cameraHint')}</p>
        </div>
      ) : null}
    </div>
  );
}
