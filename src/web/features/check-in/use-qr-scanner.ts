// The phone's rear camera, read for QR codes a few times a second while the scanner is open.
import { useCallback, useEffect, useRef, useState } from "react";
import { useManageText } from "#web/lib/manage-text.ts";
import type { QrDetector } from "./qr-detector.client.ts";

/** How often a frame is read: often enough to feel instant, rarely enough to leave a phone's CPU for the page. */
const READ_EVERY_MS = 200;
/** A code held in front of the camera is read many times: the same text is taken once in this long. */
const SAME_CODE_MS = 4000;

export type ScannerState = "off" | "starting" | "on";

export function useQrScanner(onCode: (text: string) => void) {
  const { t } = useManageText();
  const videoRef = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<ScannerState>("off");
  const [error, setError] = useState<string | null>(null);
  const session = useRef<{ stream: MediaStream; timer: number | undefined; stopped: boolean } | null>(null);
  const lastCode = useRef<{ text: string; at: number } | null>(null);
  const onCodeRef = useRef(onCode);
  useEffect(() => {
    onCodeRef.current = onCode;
  }, [onCode]);

  const stop = useCallback(() => {
    const current = session.current;
    session.current = null;
    if (current) {
      current.stopped = true;
      window.clearTimeout(current.timer);
      for (const track of current.stream.getTracks()) track.stop();
    }
    if (videoRef.current) videoRef.current.srcObject = null;
    setState("off");
  }, []);

  const start = useCallback(async () => {
    if (session.current) return;
    setError(null);
    setState("starting");
    if (!navigator.mediaDevices?.getUserMedia) {
      setError(t("checkIn.noCamera"));
      setState("off");
      return;
    }
    let detector: QrDetector;
    try {
      detector = await import("./qr-detector.client.ts").then((module) => module.createQrDetector());
    } catch {
      setError(t("checkIn.readerFailed"));
      setState("off");
      return;
    }
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: "environment" } }, audio: false });
    } catch (failure) {
      const denied = failure instanceof DOMException && (failure.name === "NotAllowedError" || failure.name === "SecurityError");
      setError(
        denied
          ? t("checkIn.cameraDenied")
          : t("checkIn.cameraFailed"),
      );
      setState("off");
      return;
    }
    const current = { stream, timer: undefined as number | undefined, stopped: false };
    session.current = current;
    const video = videoRef.current;
    if (!video) {
      stop();
      return;
    }
    video.srcObject = stream;
    await video.play().catch(() => undefined);
    setState("on");
    const read = async () => {
      if (current.stopped) return;
      if (video.readyState >= video.HAVE_CURRENT_DATA) {
        const texts = await detector.detect(video).catch(() => [] as string[]);
        const now = Date.now();
        for (const text of texts) {
          if (lastCode.current?.text === text && now - lastCode.current.at < SAME_CODE_MS) continue;
          lastCode.current = { text, at: now };
          onCodeRef.current(text);
        }
      }
      if (!current.stopped) current.timer = window.setTimeout(() => void read(), READ_EVERY_MS);
    };
    void read();
  }, [stop, t]);

  useEffect(() => stop, [stop]);

  return { videoRef, state, error, start, stop };
}
