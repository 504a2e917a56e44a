/**
 * Pages that show only their heading (spec route table); /news has its own route, with the posts, and
 * /myqsa/announcements its own, with the announcements, and /myqsa/research its own, with the library.
 */
export const HEADING_PAGES: Record<string, string> = {
  "/deals": "Welcome to the Deals Page",
  "/history": "History",
  "/myqsa/volunteer": "Volunteer",
  "/myqsa/surveys": "Surveys",
  "/myqsa/meetings": "Meetings",
};
