// Asks our server for a driving route (provider keys stay on the server).
export type RouteAnswer = { status: "OK"; coordinates: [number, number][]; distanceMeters: number; durationSeconds: number } | { status: string };

export async function fetchRoute(from: { lat: number; lng: number }, to: { lat: number; lng: number }): Promise<RouteAnswer> {
  const query = new URLSearchParams({ from: `${from.lat},${from.lng}`, to: `${to.lat},${to.lng}` });
  try {
    const response = await fetch(`/api/v1/geo/route?${query}`, { headers: { Accept: "application/json" } });
    const body = (await response.json()) as {
      status?: string;
      geometry?: { coordinates: [number, number][] };
      distanceMeters?: number;
      durationSeconds?: number;
      error?: { code: string };
    };
    if (response.ok && body.status === "OK" && body.geometry) {
      return { status: "OK", coordinates: body.geometry.coordinates, distanceMeters: body.distanceMeters ?? 0, durationSeconds: body.durationSeconds ?? 0 };
    }
    return { status: body.status ?? body.error?.code ?? String(response.status) };
  } catch {
    return { status: "UNKNOWN_ERROR" };
  }
}
