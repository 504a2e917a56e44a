// The QR decoder: imported lazily, only by the check-in page once someone asks to scan.
import { BarcodeDetector, prepareZXingModule } from "barcode-detector/ponyfill";
import wasmUrl from "zxing-wasm/reader/zxing_reader.wasm?url";

// The decoder's WebAssembly comes from the site itself (by default it would be fetched from a CDN), which the
// page's CSP allows with 'wasm-unsafe-eval' (src/server/app.ts).
const overrides = { locateFile: (path: string, prefix: string) => (path.endsWith(".wasm") ? wasmUrl : prefix + path) };
prepareZXingModule({ overrides });

/** What the page needs of a detector: the QR codes' texts in one frame. */
export interface QrDetector {
  detect(source: HTMLVideoElement): Promise<string[]>;
}

/** The browser's own Barcode Detection API where it reads QR codes (Android, macOS), else ZXing. */
export async function createQrDetector(): Promise<QrDetector> {
  const native = (globalThis as { BarcodeDetector?: typeof BarcodeDetector }).BarcodeDetector;
  const formats = native ? await native.getSupportedFormats().catch(() => []) : [];
  if (native && formats.includes("qr_code")) {
    const detector = new native({ formats: ["qr_code"] });
    return { detect: async (source) => (await detector.detect(source)).map((code) => code.rawValue) };
  }
  // Loaded now, so that a decoder that cannot load (a page reached without its own CSP) fails here, not silently on
  // every frame.
  await prepareZXingModule({ overrides, fireImmediately: true });
  const detector = new BarcodeDetector({ formats: ["qr_code"] });
  return { detect: async (source) => (await detector.detect(source)).map((code) => code.rawValue) };
}
