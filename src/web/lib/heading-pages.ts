/**
 * Pages that show only their heading (spec route table); /news has its own route, with the posts, and
 * /myqsa/announcements and /myqsa/meetings their own, with the announcements and the meetings.
 */
export const HEADING_PAGES: Record<string, string> = {
  "/deals": "Welcome to the Deals Page",
  "/history": "History",
  "/myqsa/volunteer": "Volunteer",
  "/myqsa/surveys": "Surveys",
  "/myqsa/research": "Research",
};
