// The map's first view in plain HTML and CSS (see src/shared/map-sketch.ts): shown at the page's first paint, in the
// map's place, until the map has drawn the businesses itself. A picture only: hidden from screen readers, which hear
// the map's loading message and the list of locations beside it.
import type { CSSProperties } from "react";
import { percent, sketchBoxWidth, sketchCss, type MapSketch as Sketch } from "../../../shared/map-sketch.ts";
import { CLUSTER_COLORS } from "./map-canvas.tsx";
import { MAP_COLORS } from "./map-style.ts";

const SCOPE = "map-sketch";
const colors = { backgroundColor: MAP_COLORS.land, "--sketch-red": CLUSTER_COLORS.red, "--sketch-blue": CLUSTER_COLORS.blue } as CSSProperties;

/** MapLibre's cluster radius steps (see `addLayers` in map-canvas.tsx), as size classes. */
function sizeClass(count: number): string {
  return count < 10 ? "s1" : count < 100 ? "s2" : count < 1000 ? "s3" : "s4";
}

export function MapSketch({ sketch }: { sketch: Sketch }) {
  const css = sketchCss(sketch, SCOPE);
  const box: CSSProperties = { width: sketchBoxWidth(sketch), aspectRatio: `${sketch.width} / ${sketch.height}` };
  return (
    <div className={SCOPE} aria-hidden="true" style={colors} data-testid="map-sketch" data-sketch-points={sketch.total}>
      {/* React puts this in the document's head (and keeps one per text); the queries pick the level to show. */}
      <style href={`${SCOPE}-${hash(css)}`} precedence="default">
        {css}
      </style>
      <div className={`${SCOPE}-box`} style={box}>
        {sketch.levels.map((level) => (
          <div key={level.zoom} className={`${SCOPE}-level ${SCOPE}-z${level.zoom}`} data-zoom={level.zoom}>
            {level.clusters?.map(([x, y, count, label, red], i) => (
              <span
                key={`c${i}`}
                className={`${SCOPE}-cluster ${sizeClass(count)}${red ? " red" : ""}`}
                style={{ left: percent(x), top: percent(y) }}
                data-count={count}
              >
                {label}
              </span>
            ))}
            {level.points?.map(([x, y, color], i) => (
              <span key={`p${i}`} className={`${SCOPE}-point ${SCOPE}-c${color}`} style={{ left: percent(x), top: percent(y) }} />
            ))}
          </div>
        ))}
      </div>
    </div>
  );
}

/** A short name for a style text (FNV-1a), so that React keeps one element per distinct text. */
function hash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(36);
}
