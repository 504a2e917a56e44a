/**
 * Pages that show only their heading (spec route table); /news has its own route, with the posts, and
 * /myqsa/announcements, /myqsa/meetings, /myqsa/surveys and /myqsa/research their own, with the announcements, the meetings,
 * the surveys and the library.
 */
export const HEADING_PAGES: Record<string, string> = {
  "/deals": "Welcome to the Deals Page",
  "/history": "History",
  "/myqsa/volunteer": "Volunteer",
};
