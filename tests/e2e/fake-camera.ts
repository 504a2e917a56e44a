// A camera for journeys: a Y4M video of one QR code, which Chromium plays as its fake capture device
// (--use-file-for-fake-video-capture), so a page's getUserMedia sees the code as a phone held to a screen would.
import fs from "node:fs";
import QRCode from "qrcode";

const WIDTH = 640;
const HEIGHT = 480;
/** Light and dark in studio-range luma, as cameras deliver it. */
const LIGHT = 235;
const DARK = 16;
/** The white border a reader needs around the code, in modules. */
const QUIET_ZONE = 4;

/** Writes `file`: a few identical frames (Chromium loops them) of `text` as a QR code in the middle of a white picture. */
export function writeQrVideo(file: string, text: string, frames = 3) {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: "M" });
  const scale = Math.floor((Math.min(WIDTH, HEIGHT) * 0.9) / (modules.size + 2 * QUIET_ZONE));
  const left = Math.floor((WIDTH - modules.size * scale) / 2);
  const top = Math.floor((HEIGHT - modules.size * scale) / 2);
  const luma = Buffer.alloc(WIDTH * HEIGHT, LIGHT);
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (!modules.get(row, col)) continue;
      for (let y = 0; y < scale; y++) luma.fill(DARK, (top + row * scale + y) * WIDTH + left + col * scale, (top + row * scale + y) * WIDTH + left + (col + 1) * scale);
    }
  }
  // 4:2:0 chroma: a quarter of the luma's samples each, grey (no colour).
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from("FRAME\n"), luma, chroma]);
  fs.writeFileSync(file, Buffer.concat([Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`), ...Array.from({ length: frames }, () => frame)]));
}
