/**
 * Pages that show only their heading (spec route table); /news has its own route, with the posts, and
 * /myqsa/announcements, /myqsa/meetings, /myqsa/surveys, /myqsa/research and /myqsa/volunteer their own, with the
 * announcements, the meetings, the surveys, the library and the person's volunteer shifts.
 */
export const HEADING_PAGES: Record<string, string> = {
  "/deals": "Welcome to the Deals Page",
  "/history": "History",
};
