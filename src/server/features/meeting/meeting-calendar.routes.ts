// The meetings' calendar files, outside the API because calendar apps fetch them by address: one meeting for a signed-in
// member (/myqsa/meetings/<id>.ics), and every meeting at a member's private address
// (/myqsa/meetings/calendar/<token>.ics), which a calendar app subscribes to without a session.
import { Hono } from "hono";
import type { AppEnv } from "#server/api/api-env.ts";
import { AppError } from "#server/errors.ts";
import { slugify } from "#shared/format.ts";

const ics = (disposition: string) => ({
  "Content-Type": "text/calendar; charset=utf-8",
  "Content-Disposition": disposition,
  // Each person's own: never kept by a shared cache.
  "Cache-Control": "private, no-store",
});

export function createMeetingCalendarRoutes() {
  const routes = new Hono<AppEnv>();

  routes.get("/myqsa/meetings/calendar/:file{[A-Za-z0-9_-]+\\.ics}", async (c) => {
    const body = await c.var.services.meetings.feed(c.req.param("file").replace(/\.ics$/, ""));
    // An address that is unknown, reset, or whose member is a member no longer: nothing here.
    if (body === null) return c.text("Not found.", 404, { "Cache-Control": "no-store" });
    return c.body(body, 200, ics('inline; filename="meetings.ics"'));
  });

  routes.get("/myqsa/meetings/:file{[A-Za-z0-9]+\\.ics}", async (c) => {
    try {
      const { title, ics: body } = await c.var.services.meetings.icsOf(c.var.user, c.req.param("file").replace(/\.ics$/, ""));
      return c.body(body, 200, ics(`attachment; filename="${slugify(title) || "meeting"}.ics"`));
    } catch (error) {
      if (error instanceof AppError) return c.text(error.message, error.status as 401 | 403 | 404, { "Cache-Control": "no-store" });
      throw error;
    }
  });

  return routes;
}
