/** Pages that show only their heading (spec route table); /news has its own route, with the posts. */
export const HEADING_PAGES: Record<string, string> = {
  "/deals": "Welcome to the Deals Page",
  "/history": "History",
  "/myqsa/announcements": "Announcements",
  "/myqsa/volunteer": "Volunteer",
  "/myqsa/surveys": "Surveys",
  "/myqsa/meetings": "Meetings",
  "/myqsa/research": "Research",
};
