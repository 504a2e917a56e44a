// The map's first view in plain HTML and CSS (see src/shared/map-sketch.ts; its style rules are in app.css): shown
// at the page's first paint, in the map's place, until the map has drawn the businesses itself. A picture only:
// hidden from screen readers, which hear the map's loading message and the list of locations beside it.
import type { CSSProperties } from "react";
import { percent, sketchBoxProperties, sketchLevelProperties, type MapSketch as Sketch } from "#shared/map-sketch.ts";
import { CLUSTER_COLORS } from "./map-layers.ts";
import { MAP_COLORS } from "./map-style.ts";

/** MapLibre's cluster radius steps (see `addLayers` in map-canvas.tsx), as size classes. */
function sizeClass(count: number): string {
  return count < 10 ? "s1" : count < 100 ? "s2" : count < 1000 ? "s3" : "s4";
}

export function MapSketch({ sketch }: { sketch: Sketch }) {
  const style = {
    backgroundColor: MAP_COLORS.land,
    "--sketch-red": CLUSTER_COLORS.red,
    "--sketch-blue": CLUSTER_COLORS.blue,
    ...sketchBoxProperties(sketch),
  } as CSSProperties;
  return (
    <div className="map-sketch" aria-hidden="true" style={style} data-testid="map-sketch" data-sketch-points={sketch.total}>
      <div className="map-sketch-box">
        {sketch.levels.map((level) => (
          <div key={level.zoom} className="map-sketch-level" style={sketchLevelProperties(sketch, level.zoom) as CSSProperties} data-zoom={level.zoom}>
            {/* In the map's order of drawing: clusters with their counts, then single businesses over them. */}
            {level.clusters.map(([x, y, count, label, red], i) => (
              <span key={`c${i}`} className={`map-sketch-cluster ${sizeClass(count)}${red ? " red" : ""}`} style={{ left: percent(x), top: percent(y) }} data-count={count}>
                {label}
              </span>
            ))}
            {level.points.map(([x, y, color], i) => (
              <span key={`p${i}`} className="map-sketch-point" style={{ left: percent(x), top: percent(y), "--c": sketch.colors[color] } as CSSProperties} />
            ))}
          </div>
        ))}
      </div>
    </div>
  );
}
