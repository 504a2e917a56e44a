// Where volunteering's pages, anchors and exports are: links from mail, calendars, an event's page and the admin's
// roster. Apart from the volunteering schemas so that an event's page loads no validation library.
export const volunteerPaths = {
  list: "/volunteer",
  opportunity: (id: string) => `/volunteer/${encodeURIComponent(id)}`,
  shift: (opportunityId: string, shiftId: string) => `/volunteer/${encodeURIComponent(opportunityId)}#shift-${encodeURIComponent(shiftId)}`,
  mine: "/myqsa/volunteer",
  rosterCsv: (shiftId: string) => `/api/v1/exports/volunteer/shifts/${encodeURIComponent(shiftId)}.csv`,
};
