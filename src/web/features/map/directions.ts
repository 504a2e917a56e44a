// What the map pages say about a driving route, and the link that hands a place to the visitor's own maps app.

export function describeRoute(distanceMeters: number, durationSeconds: number): string {
  const km = (distanceMeters / 1000).toFixed(1);
  const minutes = Math.max(1, Math.round(durationSeconds / 60));
  return `Driving route: ${km} km, about ${minutes} min.`;
}

/** A geo: URI (RFC 5870), which phones open in their maps app, with the place's name as the label. */
export function openInMapsHref(point: { lat: number; lng: number }, name: string): string {
  return `geo:${point.lat},${point.lng}?q=${point.lat},${point.lng}(${encodeURIComponent(name)})`;
}
